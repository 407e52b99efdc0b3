import { AUTHED, AUTHED_WITH_BODY } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { WORK_ITEM_KINDS } from '../../work-items/work-items.controller.js';
import { anyObject, arrayOf, dateTime, errorRef, int, json, jsonBody, nullable, object, oneOfValues, pathId, query, ref, str, uuid } from '../schema.js';

const messageItem = object(
  {
    kind: oneOfValues(['stuck_sending', 'failed', 'held']),
    id: uuid,
    since: { ...nullable(dateTime), description: 'since when it has been in this state' },
    attempts: int({ minimum: 0 }),
    last_error: nullable(ref('RowError')),
    actions: arrayOf(oneOfValues(['mark_sent', 'retry', 'cancel']), { description: 'what POST /v1/messages/{id}/resolve accepts for it' }),
    message: ref('Message'),
  },
  { description: 'A message a person must decide about.' },
);

const inboundItem = object(
  { kind: oneOfValues(['unattributed_inbound']), id: uuid, since: dateTime, reason: nullable(str()), actions: arrayOf(oneOfValues(['attribute'])), inbound: ref('Inbound') },
  { description: 'An inbound message not tied to a message we sent: attribute it with POST /v1/inbound/{id}/attribute.' },
);

const poisonItem = object(
  {
    kind: oneOfValues(['poison_webhook']),
    id: uuid,
    since: dateTime,
    attempts: int({ minimum: 0 }),
    last_error: nullable(anyObject),
    actions: arrayOf(oneOfValues(['replay'])),
    delivery: object({ id: uuid, received_at: dateTime, processed_at: nullable(dateTime), size: int({ minimum: 0 }), state: str() }),
  },
  { description: 'A correctly signed delivery we could not process: kept; replay it with POST /v1/webhooks/replay.' },
);

const alert = object(
  {
    id: uuid,
    source: str({ description: 'the module that raised it, e.g. `metrics`' }),
    key: str({ description: 'one open alert per key, e.g. `metrics.stuck_sending`' }),
    title: str(),
    details: nullable(anyObject),
    state: oneOfValues(['open', 'resolved']),
    raised_at: dateTime,
    last_raised_at: dateTime,
    raise_count: int({ minimum: 1 }),
    resolved_at: nullable(dateTime),
    resolved_by: nullable(str()),
    resolution_note: nullable(str()),
  },
  { description: 'A figure past its threshold (or another module\'s alarm): open until a person resolves it.' },
);

const alertItem = object(
  { kind: oneOfValues(['alert']), id: uuid, since: dateTime, actions: arrayOf(oneOfValues(['resolve'])), alert: ref('Alert') },
  { description: 'An open alert: resolve it with POST /v1/alerts/{id}/resolve.' },
);

export const workItemsArea: ApiArea = {
  tag: { name: 'work items', description: 'Queues of things a person must look at, each with what they need to decide.' },
  schemas: { MessageWorkItem: messageItem, InboundWorkItem: inboundItem, PoisonWebhookWorkItem: poisonItem, AlertWorkItem: alertItem, Alert: alert },
  paths: {
    '/v1/work-items': {
      get: {
        operationId: 'listWorkItems',
        tags: ['work items'],
        summary: 'List the work items of one kind',
        parameters: [query('kind', oneOfValues(WORK_ITEM_KINDS), undefined, true), query('limit', int({ minimum: 1, maximum: 500, default: 100 }))],
        responses: {
          '200': json(
            object({ kind: oneOfValues(WORK_ITEM_KINDS), data: arrayOf({ oneOf: [ref('MessageWorkItem'), ref('InboundWorkItem'), ref('PoisonWebhookWorkItem'), ref('AlertWorkItem')] }) }),
            'The items of that kind.',
          ),
          '400': errorRef('ValidationFailed'),
          ...AUTHED,
        },
      },
    },
    '/v1/alerts/{id}/resolve': {
      post: {
        operationId: 'resolveAlert',
        tags: ['work items'],
        summary: 'Resolve an open alert',
        description: 'Who and when are kept with the note; the alert leaves `GET /v1/work-items?kind=alert`.',
        parameters: [pathId('alert id')],
        requestBody: jsonBody(object({ note: str({ maxLength: 2000 }) }, { optional: ['note'] })),
        responses: {
          '200': json(object({ alert: ref('Alert') }), 'The resolved alert.'),
          '404': errorRef('NotFound'),
          '409': errorRef('InvalidStateTransition'),
          ...AUTHED_WITH_BODY,
        },
      },
    },
  },
};
