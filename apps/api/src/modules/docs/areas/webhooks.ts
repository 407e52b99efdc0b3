import { AUTHED_WITH_BODY } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { anyObject, arrayOf, bool, dateTime, int, json, jsonBody, object, oneOfValues, query, str, text, uuid } from '../schema.js';

const replay = object(
  {
    ids: arrayOf(uuid, { maxItems: 10_000, description: 'stored deliveries to re-process' }),
    since: { ...dateTime, description: 'receive-time range [since, until)' },
    until: dateTime,
    include_poison: bool({ description: 'also deliveries set aside as poison' }),
    limit: int({ minimum: 1, maximum: 10_000 }),
  },
  { optional: ['ids', 'since', 'until', 'include_poison', 'limit'], description: 'By ids, or by a receive-time range.' },
);

const webhookError = (codes: string[], description: string) => json(object({ error: oneOfValues(codes) }), description);

export const webhooksArea: ApiArea = {
  tag: { name: 'webhooks', description: "Meta's webhook endpoint (signed with the app secret, no API key) and the replay of stored deliveries." },
  schemas: { ReplayWebhooks: replay },
  paths: {
    '/webhooks/whatsapp': {
      get: {
        operationId: 'verifyWebhook',
        tags: ['webhooks'],
        summary: "Meta's verification handshake",
        security: [],
        parameters: [
          query('hub.mode', oneOfValues(['subscribe']), undefined, true),
          query('hub.verify_token', str(), 'must equal `WHATSAPP_VERIFY_TOKEN`', true),
          query('hub.challenge', str(), 'echoed back', true),
        ],
        responses: {
          '200': text('text/plain', 'The challenge, exactly.'),
          '403': text('text/plain', 'Wrong token or mode.'),
        },
      },
      post: {
        operationId: 'receiveWebhook',
        tags: ['webhooks'],
        summary: 'Signed events from Meta',
        description: 'Verifies `X-Hub-Signature-256` over the raw bytes (any content type), stores the body durably, then answers 200; all processing happens afterwards in a worker.',
        security: [],
        parameters: [{ name: 'X-Hub-Signature-256', in: 'header', required: true, description: '`sha256=<hex HMAC-SHA256 of the raw body with the app secret>`', schema: str({ pattern: '^sha256=[0-9a-f]{64}$' }) }],
        requestBody: jsonBody({ ...anyObject, description: 'The webhook body exactly as Meta sends it (`{"object": "whatsapp_business_account", "entry": [...]}`).' }),
        responses: {
          '200': json(object({ received: { const: true } }), 'Stored.'),
          '401': webhookError(['invalid_signature'], 'Missing or wrong signature; nothing stored.'),
          '413': webhookError(['payload_too_large'], 'Body over the limit; nothing stored.'),
          '500': webhookError(['not_stored'], 'Could not store it: Meta retries.'),
        },
      },
    },
    '/v1/webhooks/replay': {
      post: {
        operationId: 'replayWebhooks',
        tags: ['webhooks'],
        summary: 'Re-process stored deliveries',
        description: 'Events already applied are skipped by their claims, so replaying is safe.',
        requestBody: jsonBody({ $ref: '#/components/schemas/ReplayWebhooks' }),
        responses: {
          '202': json(object({ replayed: int({ minimum: 0 }), ids: arrayOf(uuid) }), 'The deliveries queued for processing.'),
          ...AUTHED_WITH_BODY,
        },
      },
    },
  },
};
