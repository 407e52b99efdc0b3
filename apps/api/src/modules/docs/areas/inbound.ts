import { ATTRIBUTIONS } from '@sendbook/queue';
import { AUTHED, AUTHED_WITH_BODY } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { anyObject, arrayOf, bool, dateTime, errorRef, json, jsonBody, nullable, object, oneOfValues, pageParams, pathId, query, ref, str, uuid } from '../schema.js';

const ATTRIBUTION_REASONS = ['context_outbound', 'context_inbound', 'context_unknown', 'single_awaiting', 'none_awaiting', 'several_awaiting', 'forwarded', 'reaction', 'manual'];

const inbound = object(
  {
    id: uuid,
    wamid: str(),
    from: { ...nullable(str()), description: "the customer's wa_id" },
    from_user_id: nullable(str()),
    contact_name: nullable(str()),
    phone_number_id: str(),
    type: str({ description: "Meta's message type: text, button, interactive, image, reaction, …" }),
    text: nullable(str()),
    choice: { ...nullable(object({ id: str(), title: str() })), description: 'button/list replies and template quick replies' },
    context_wamid: { ...nullable(str()), description: 'the message it quotes' },
    forwarded: bool(),
    referred_product: nullable(anyObject),
    reaction: nullable(object({ message_wamid: nullable(str()), emoji: nullable(str()), removed: bool() })),
    media: {
      ...nullable(
        object({
          id: nullable(str()),
          mime_type: nullable(str()),
          caption: nullable(str()),
          filename: nullable(str()),
          sha256: nullable(str()),
          voice: { ...nullable(bool()), description: 'audio: a voice note recorded in WhatsApp (true) or an audio file (false)' },
          animated: { ...nullable(bool()), description: 'sticker: whether it moves' },
        }),
      ),
      description: 'kept as an id; downloaded on demand',
    },
    message_id: { ...nullable(uuid), description: 'the outbound message it answers' },
    conversation_id: nullable(uuid),
    contact_id: nullable(uuid),
    attribution: nullable(oneOfValues(ATTRIBUTIONS)),
    attribution_reason: { ...nullable(oneOfValues(ATTRIBUTION_REASONS)), description: 'why it got its attribution' },
    errors: nullable(arrayOf(anyObject)),
    timestamp: { ...nullable(dateTime), description: "Meta's timestamp" },
    created_at: dateTime,
    raw: { ...anyObject, description: 'the message object exactly as Meta sent it' },
  },
  { description: 'The inbound resource: a message a customer sent.' },
);

const attributionEntry = object({ before: anyObject, after: anyObject, actor: str(), note: nullable(str()), at: dateTime });
const idParam = pathId('inbound message id');

export const inboundArea: ApiArea = {
  tag: { name: 'inbound', description: 'Messages customers sent, and where each belongs (an outbound message, a conversation, or unattributed).' },
  schemas: { Inbound: inbound, AttributionHistoryEntry: attributionEntry },
  paths: {
    '/v1/inbound': {
      get: {
        operationId: 'listInbound',
        tags: ['inbound'],
        summary: 'List inbound messages, newest first',
        parameters: [query('attribution', oneOfValues(ATTRIBUTIONS)), ...pageParams],
        responses: { '200': json(object({ data: arrayOf(ref('Inbound')), next_cursor: nullable(str()) }), 'A page.'), '400': errorRef('ValidationFailed'), ...AUTHED },
      },
    },
    '/v1/inbound/{id}': {
      get: {
        operationId: 'getInbound',
        tags: ['inbound'],
        summary: 'One inbound message',
        parameters: [idParam],
        responses: { '200': json(object({ inbound: ref('Inbound') }), 'The inbound message.'), '404': errorRef('NotFound'), ...AUTHED },
      },
    },
    '/v1/inbound/{id}/media': {
      get: {
        operationId: 'getInboundMedia',
        tags: ['inbound'],
        summary: "Download the message's media from Meta now",
        description: 'Nothing is stored: each call downloads from Meta. The bytes come with the media type Meta names (`image/png`, `audio/ogg`, …), `cache-control: private, no-store`.',
        parameters: [idParam],
        responses: {
          '200': { description: 'The file.', content: { '*/*': { schema: str({ contentMediaType: 'application/octet-stream' }) } } },
          '404': errorRef('NotFound'),
          '422': json(object({ error: oneOfValues(['no_media']), message: str() }), 'The message carries no media (e.g. text).'),
          '502': json(
            object({ error: oneOfValues(['media_download_failed']), message: str(), outcome: str(), graph_error: nullable(object({ code: { type: ['integer', 'string', 'null'] }, message: str() }, { open: true })) }),
            "Meta refused or did not answer (e.g. the media expired); Meta's error when it gave one.",
          ),
          ...AUTHED,
        },
      },
    },
    '/v1/inbound/{id}/history': {
      get: {
        operationId: 'getInboundHistory',
        tags: ['inbound'],
        summary: 'The audit trail of hand-made attributions',
        parameters: [idParam],
        responses: { '200': json(object({ data: arrayOf(ref('AttributionHistoryEntry')) }), 'Oldest first.'), '404': errorRef('NotFound'), ...AUTHED },
      },
    },
    '/v1/inbound/{id}/attribute': {
      post: {
        operationId: 'attributeInbound',
        tags: ['inbound'],
        summary: 'Attribute an inbound message by hand',
        description: 'Exactly one of `message_id` (an outbound message to the same customer from the same number) or `conversation_id`; audited.',
        parameters: [idParam],
        requestBody: jsonBody(object({ message_id: uuid, conversation_id: uuid, note: str({ maxLength: 2000 }) }, { optional: ['message_id', 'conversation_id', 'note'] })),
        responses: { '200': json(object({ inbound: ref('Inbound') }), 'The inbound message after attribution.'), '404': errorRef('NotFound'), ...AUTHED_WITH_BODY },
      },
    },
  },
};
