import { OUTBOX_STATES, RESOLVE_ACTIONS } from '@sendbook/queue';
import { AUTHED, AUTHED_WITH_BODY } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { anyObject, arrayOf, dateTime, digits, errorRef, int, json, jsonBody, nullable, object, oneOfValues, pageParams, pathId, query, ref, str, uuid } from '../schema.js';

/** A template send object as Meta takes it: `{name, language: {code}, components}`. */
const templateSend = object(
  { name: str({ minLength: 1 }), language: object({ code: str() }, { open: true }), components: arrayOf(anyObject) },
  { optional: ['components'], open: true, description: 'A Cloud API template object; checked against the synced template registry.' },
);

/** CreateMessageDto (outbox/dto/create-message.dto.ts); the payload's inner shape is checked by libs/queue. */
const createMessage = object(
  {
    dedupe_key: str({ minLength: 1, maxLength: 255, description: 'from the business event; unique: the same key again is deduplicated' }),
    to: str({ minLength: 1, maxLength: 64, description: 'phone number, normalised once to E.164' }),
    purpose: str({ pattern: '^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$', description: 'what this message is, e.g. `order_shipped` (1-100 letters, digits, _ . : -)' }),
    trigger_ref: str({ minLength: 1, maxLength: 255, description: 'the business record that caused it' }),
    payload: {
      type: 'object',
      required: ['type'],
      properties: { type: str({ description: '`text`, `template`, `interactive`, or another Cloud API message type' }) },
      additionalProperties: true,
      description: 'The Cloud API message: `{"type":"text","text":{"body":"…"}}`, `{"type":"template","template":{…}}`, `{"type":"interactive",…}`.',
    },
    priority: int({ minimum: -1000, maximum: 1000, default: 0, description: 'higher goes first' }),
    not_before: { ...dateTime, description: 'not sent before this instant (ISO 8601)' },
    phone_number_id: digits('which business number sends; default `WHATSAPP_PHONE_NUMBER_ID`'),
    fallback_template: { ...templateSend, description: 'sent instead when the 24 h window is closed' },
  },
  { optional: ['trigger_ref', 'priority', 'not_before', 'phone_number_id', 'fallback_template'] },
);

const rowError = object({ code: { type: ['integer', 'string', 'null'] }, title: str(), message: str(), details: nullable(str()) }, { open: true });

const rendered = object(
  {
    header: nullable(str()),
    body: str(),
    footer: nullable(str()),
    buttons: arrayOf(object({ type: str(), text: str() })),
    text: str({ description: 'all of it as one text, as the customer saw it' }),
  },
  { description: 'A template message as the customer saw it.' },
);

const at = (what: string) => ({ ...nullable(dateTime), description: what });

const message = object(
  {
    id: uuid,
    dedupe_key: str(),
    to: str({ description: 'E.164' }),
    purpose: str(),
    trigger_ref: nullable(str()),
    payload: anyObject,
    fallback_template: nullable(anyObject),
    priority: int(),
    phone_number_id: str(),
    state: oneOfValues(OUTBOX_STATES),
    attempts: int({ minimum: 0 }),
    wamid: { ...nullable(str()), description: "Meta's message id; null until the Graph API answered" },
    not_before: dateTime,
    created_at: dateTime,
    updated_at: dateTime,
    sending_started_at: at('last claim for sending'),
    accepted_at: at('Meta accepted the send'),
    sent_at: at('status `sent` (Meta’s timestamp)'),
    delivered_at: at('status `delivered`'),
    read_at: at('status `read`'),
    played_at: at('status `played` (voice)'),
    failed_at: at('failed'),
    cancelled_at: at('cancelled by hand'),
    last_error: nullable(ref('RowError')),
    replies: arrayOf(uuid, { description: 'ids of inbound messages attributed to it' }),
    rendered: { ...nullable(ref('RenderedTemplate')), description: 'for a template message, the text the customer saw; null otherwise or when the registry does not know it' },
  },
  { description: 'The message resource (M in the contract).' },
);

const messageResult = object({ message: ref('Message'), deduplicated: { type: 'boolean' } });

const historyEntry = object({
  from_state: nullable(str()),
  to_state: str(),
  actor: str({ description: '`api`, `worker`, `webhook`, `admin:api`, …' }),
  reason: str(),
  details: nullable(anyObject),
  at: dateTime,
});

export const outboxArea: ApiArea = {
  tag: { name: 'outbox', description: 'Enqueue messages keyed by the business event; read them, their audit trail, and resolve stuck ones.' },
  schemas: { CreateMessage: createMessage, TemplateSend: templateSend, Message: message, RowError: rowError, RenderedTemplate: rendered, MessageHistoryEntry: historyEntry },
  paths: {
    '/v1/messages': {
      post: {
        operationId: 'createMessage',
        tags: ['outbox'],
        summary: 'Enqueue one message',
        description: 'Writes a row whose `dedupe_key` is unique. The same business event again (same `to`, `payload`, `purpose`) is `200 deduplicated: true`; the same key with other content is `409`. Template payloads are checked against the registry.',
        requestBody: jsonBody(ref('CreateMessage')),
        responses: {
          '201': json(messageResult, 'A new row, queued.'),
          '200': json(messageResult, 'The same business event again: the existing row, `deduplicated: true`.'),
          '409': json(object({ error: oneOfValues(['dedupe_key_conflict']), message: ref('Message') }), 'The key exists with different content; `message` is the existing row.'),
          ...AUTHED_WITH_BODY,
        },
      },
      get: {
        operationId: 'listMessages',
        tags: ['outbox'],
        summary: 'List messages, newest first',
        parameters: [
          query('dedupe_key', str()),
          query('trigger_ref', str()),
          query('state', oneOfValues(OUTBOX_STATES)),
          ...pageParams,
        ],
        responses: {
          '200': json(object({ data: arrayOf(ref('Message')), next_cursor: nullable(str()) }), 'A page; `next_cursor` is null on the last page.'),
          '400': errorRef('ValidationFailed'),
          ...AUTHED,
        },
      },
    },
    '/v1/messages/{id}': {
      get: {
        operationId: 'getMessage',
        tags: ['outbox'],
        summary: 'One message',
        parameters: [pathId('message id')],
        responses: { '200': json(object({ message: ref('Message') }), 'The message.'), '404': errorRef('NotFound'), ...AUTHED },
      },
    },
    '/v1/messages/{id}/history': {
      get: {
        operationId: 'getMessageHistory',
        tags: ['outbox'],
        summary: 'The audit trail of a message',
        description: 'Every state change, oldest first: who made it and why.',
        parameters: [pathId('message id')],
        responses: { '200': json(object({ data: arrayOf(ref('MessageHistoryEntry')) }), 'The audit trail.'), '404': errorRef('NotFound'), ...AUTHED },
      },
    },
    '/v1/messages/{id}/resolve': {
      post: {
        operationId: 'resolveMessage',
        tags: ['outbox'],
        summary: 'Resolve a message by hand',
        description: 'The only way a row stuck in `sending` is sent again (`retry`), recorded as sent (`mark_sent`) or dropped (`cancel`); audited with the note.',
        parameters: [pathId('message id')],
        requestBody: jsonBody(object({ action: oneOfValues(RESOLVE_ACTIONS), note: str({ maxLength: 2000 }) }, { optional: ['note'] })),
        responses: {
          '200': json(object({ message: ref('Message') }), 'The message after the resolution.'),
          '404': errorRef('NotFound'),
          '409': errorRef('InvalidStateTransition'),
          ...AUTHED_WITH_BODY,
        },
      },
    },
  },
};
