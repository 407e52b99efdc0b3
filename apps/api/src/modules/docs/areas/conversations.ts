import { CONVERSATION_STATES } from '../../conversations/conversation.entity.js';
import { AUTHED, AUTHED_WITH_BODY } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { arrayOf, bool, dateTime, digits, errorRef, int, json, jsonBody, nullable, object, oneOfValues, pageParams, pathId, query, ref, str, uuid } from '../schema.js';

const conversation = object(
  {
    id: uuid,
    phone_number_id: str({ description: 'the business number of the thread' }),
    contact: object({ id: uuid, wa_id: nullable(str()), user_id: nullable(str()), name: nullable(str()), time_zone: nullable(str()) }),
    state: oneOfValues(CONVERSATION_STATES),
    assignee: nullable(str()),
    unread_count: int({ minimum: 0 }),
    last_activity_at: nullable(dateTime),
    last_inbound_at: nullable(dateTime),
    window_open_until: { ...nullable(dateTime), description: "end of the 24 h customer-service window (from Meta's timestamp of the last inbound)" },
    window_open: bool({ description: 'free-form text may be sent now' }),
    created_at: dateTime,
    updated_at: dateTime,
  },
  { description: 'One thread per business number and contact.' },
);

const timelineEntry = {
  oneOf: [
    object({ direction: oneOfValues(['inbound']), at: dateTime, inbound: ref('Inbound') }),
    object({ direction: oneOfValues(['outbound']), at: dateTime, message: ref('Message') }),
  ],
};

/** AgentReplyDto: `{text}` or `{template}`; the service refuses both or neither. */
const agentReply = object(
  {
    text: str({ minLength: 1, maxLength: 4096, description: 'free-form text: only inside the 24 h window' }),
    template: ref('TemplateSend'),
    reply_to: str({ minLength: 1, maxLength: 255, description: 'a message of this thread (inbound id or wamid, or one we sent) to quote' }),
    client_request_id: str({ pattern: '^[A-Za-z0-9_.:-]{1,128}$', description: 'the same id again is the same reply (a double click sends once); also accepted as the `Idempotency-Key` header' }),
  },
  { optional: ['text', 'template', 'reply_to', 'client_request_id'] },
);

const one = object({ conversation: ref('Conversation') });
const idParam = pathId('conversation id');

export const conversationsArea: ApiArea = {
  tag: { name: 'conversations', description: 'Threads of both directions per business number and contact, and agent replies.' },
  schemas: { Conversation: conversation, TimelineEntry: timelineEntry, AgentReply: agentReply },
  paths: {
    '/v1/conversations': {
      get: {
        operationId: 'listConversations',
        tags: ['conversations'],
        summary: 'List conversations, most recent activity first',
        parameters: [query('state', oneOfValues(CONVERSATION_STATES)), query('assignee', str()), ...pageParams],
        responses: { '200': json(object({ data: arrayOf(ref('Conversation')), next_cursor: nullable(str()) }), 'A page.'), '400': errorRef('ValidationFailed'), ...AUTHED },
      },
      post: {
        operationId: 'openConversation',
        tags: ['conversations'],
        summary: 'Open (or find) the thread with a phone number',
        requestBody: jsonBody(object({ to: str({ minLength: 1, maxLength: 64 }), phone_number_id: digits('business number; default `WHATSAPP_PHONE_NUMBER_ID`') }, { optional: ['phone_number_id'] })),
        responses: { '200': json(one, 'The thread, new or existing.'), ...AUTHED_WITH_BODY },
      },
    },
    '/v1/conversations/{id}': {
      get: {
        operationId: 'getConversation',
        tags: ['conversations'],
        summary: 'A conversation and its timeline, both directions, oldest first',
        parameters: [idParam],
        responses: { '200': json(object({ conversation: ref('Conversation'), timeline: arrayOf(ref('TimelineEntry')) }), 'The thread.'), '404': errorRef('NotFound'), ...AUTHED },
      },
      patch: {
        operationId: 'updateConversation',
        tags: ['conversations'],
        summary: 'Close, reopen or assign a conversation',
        parameters: [idParam],
        requestBody: jsonBody(object({ state: oneOfValues(CONVERSATION_STATES), assignee: nullable(str({ maxLength: 255 })) }, { optional: ['state', 'assignee'] })),
        responses: { '200': json(one, 'The updated thread.'), '404': errorRef('NotFound'), ...AUTHED_WITH_BODY },
      },
    },
    '/v1/conversations/{id}/seen': {
      post: {
        operationId: 'markConversationSeen',
        tags: ['conversations'],
        summary: 'An agent has seen the thread: unread count back to zero',
        description: 'With `MARK_READ_ON_OPEN=true`, also sends Meta a read receipt for the last inbound message.',
        parameters: [idParam],
        responses: { '200': json(one, 'The thread.'), '404': errorRef('NotFound'), ...AUTHED },
      },
    },
    '/v1/conversations/{id}/replies': {
      post: {
        operationId: 'replyInConversation',
        tags: ['conversations'],
        summary: 'Send an agent reply',
        description: 'Free text is refused with `422 window_closed` outside the 24 h window; a template may always be sent.',
        parameters: [idParam, { name: 'Idempotency-Key', in: 'header', required: false, description: 'same as `client_request_id`', schema: str() }],
        requestBody: jsonBody(ref('AgentReply')),
        responses: {
          '201': json(object({ message: ref('Message'), deduplicated: bool() }), 'A new reply, queued.'),
          '200': json(object({ message: ref('Message'), deduplicated: bool() }), 'The same client request again: the existing reply.'),
          '404': errorRef('NotFound'),
          '422': json(object({ error: oneOfValues(['window_closed']), message: str(), window_open_until: nullable(dateTime) }), 'Free text outside the 24 h window.'),
          ...AUTHED_WITH_BODY,
        },
      },
    },
  },
};
