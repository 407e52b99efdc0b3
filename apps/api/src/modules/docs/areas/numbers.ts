import { AUTHED } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { arrayOf, dateTime, errorRef, int, json, nullable, object, oneOfValues, pathId, str, uuid } from '../schema.js';

const pause = object(
  {
    id: uuid,
    scope: oneOfValues(['number', 'account'], { description: 'one business number, or the whole account' }),
    phone_number_id: { ...nullable(str()), description: 'null for an account-wide pause' },
    code: { ...nullable(str()), description: "Meta's error code that paused sending" },
    reason: str(),
    paused_at: dateTime,
  },
  { description: 'Sending paused because Meta refused the account or number (expired token, payment, policy).' },
);

const numberStatus = object(
  {
    phone_number_id: str(),
    rate_per_second: { type: 'number', description: 'configured send rate' },
    effective_rate_per_second: { type: 'number', description: 'after headroom, and slowed down after a throughput error' },
    slowed_until: nullable(dateTime),
    cooling_until: nullable(dateTime),
    messaging_limit: object({
      scope: str({ description: 'what the limit applies to (`TierScope`)' }),
      scope_id: str(),
      limit: { oneOf: [int({ minimum: 0 }), { const: 'unlimited' }], description: "Meta's business-initiated messaging limit per 24 h" },
      users_in_window: int({ minimum: 0 }),
    }),
    paused: { type: 'boolean' },
    pauses: arrayOf(object({ id: uuid, scope: oneOfValues(['number', 'account']), code: nullable(str()), reason: str(), paused_at: dateTime })),
    queued: int({ minimum: 0 }),
    sending: int({ minimum: 0 }),
  },
  { description: 'A business number: rate, messaging limit, pauses and open rows.' },
);

export const numbersArea: ApiArea = {
  tag: { name: 'numbers', description: 'Business numbers whose sending is paused, and resuming them.' },
  schemas: { Pause: pause, NumberStatus: numberStatus },
  paths: {
    '/v1/numbers': {
      get: {
        operationId: 'listNumbers',
        tags: ['numbers'],
        summary: 'Every business number we know of, with its sending state',
        description: 'Configured, seen in webhooks, or with rows waiting: its rate, messaging limit and usage, pauses and open rows.',
        responses: { '200': json(object({ data: arrayOf({ $ref: '#/components/schemas/NumberStatus' }) }), 'The numbers, by id.'), ...AUTHED },
      },
    },
    '/v1/pauses': {
      get: {
        operationId: 'listPauses',
        tags: ['numbers'],
        summary: 'Active sending pauses',
        responses: { '200': json(object({ data: arrayOf({ $ref: '#/components/schemas/Pause' }) }), 'The pauses not yet resumed.'), ...AUTHED },
      },
    },
    '/v1/numbers/{id}/resume': {
      post: {
        operationId: 'resumeNumber',
        tags: ['numbers'],
        summary: 'Resume sending for a number',
        description: 'Ends the pauses of this number and any account-wide pause, then re-enqueues what waited (each sent once).',
        parameters: [pathId('phone_number_id', { type: 'string', pattern: '^\\d{1,32}$' })],
        responses: {
          '200': json(object({ resumed: int({ minimum: 0, description: 'pauses ended' }), requeued: int({ minimum: 0, description: 'rows re-enqueued' }) }), 'Resumed.'),
          '400': errorRef('ValidationFailed'),
          ...AUTHED,
        },
      },
    },
  },
};
