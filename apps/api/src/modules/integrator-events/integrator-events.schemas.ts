import { INTEGRATOR_EVENT_TYPES } from '@sendbook/queue';
import { arrayOf, bool, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

export const EventEndpoint = named(
  'EventEndpoint',
  object(
    {
      id: uuid(),
      url: str(),
      description: nullable(str()),
      events: arrayOf(oneOfValues(INTEGRATOR_EVENT_TYPES)),
      enabled: bool(),
      disabled_reason: nullable(
        oneOfValues(['admin', 'failing'], { description: '`failing`: Sendbook disabled it after repeated failure (an alert says so)' }),
      ),
      consecutive_failures: int({ description: 'failed attempts in a row since the last success' }),
      created_by: nullable(str()),
      created_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: 'An integrator URL Sendbook POSTs signed events to (never its secret after creation).' },
  ),
);

export const EventDeliveryAttempt = named(
  'EventDeliveryAttempt',
  object({
    at: dateTime(),
    status_code: nullable(int({ description: 'null: no answer (refused address, time-out, connection error)' })),
    latency_ms: int(),
    body_excerpt: nullable(str({ description: 'the first 1 KB of the answer' })),
    error: nullable(str()),
  }),
);

export const EventDelivery = named(
  'EventDelivery',
  object(
    {
      id: uuid(),
      event_id: uuid({ description: 'the `webhook-id` header, the same on every attempt' }),
      type: oneOfValues(INTEGRATOR_EVENT_TYPES),
      state: oneOfValues(['pending', 'delivering', 'delivered', 'failed'], { description: '`failed`: given up after 3 days of retries' }),
      attempts: int(),
      next_attempt_at: nullable(dateTime()),
      last_status: nullable(int()),
      last_error: nullable(str()),
      delivered_at: nullable(dateTime()),
      created_at: dateTime(),
      event_created_at: dateTime(),
      recent_attempts: arrayOf(EventDeliveryAttempt, { description: 'the last five, newest first' }),
    },
    { description: 'One event owed to one endpoint, and what its attempts came to.' },
  ),
);

export const EventEndpointList = object({ data: arrayOf(EventEndpoint) });
export const OneEventEndpoint = object({ endpoint: EventEndpoint });
export const EventEndpointCreated = object({
  endpoint: EventEndpoint,
  secret: str({ description: '`whsec_…`, the Standard Webhooks signing secret: shown this once' }),
});
export const EventDeliveryList = object({ data: arrayOf(EventDelivery) });
export const OneEventDelivery = object({ delivery: EventDelivery });
export const RecoverResult = object({ owed: int({ description: 'deliveries owed anew (given up, or never made while the endpoint was disabled)' }) });
