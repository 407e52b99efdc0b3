import { INTEGRATOR_EVENT_TYPES } from '@sendbook/queue';
import { arrayOf, bool, dateTime, digits, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

/** The filter as shown (requests use EventEndpointFilterDto's schema, `EventEndpointFilter`). */
const EventEndpointFilterView = object(
  {
    phone_number_ids: arrayOf(digits('a business number (`phone_number_id`)')),
    purposes: arrayOf(str()),
    campaigns: arrayOf(str()),
  },
  {
    optional: ['phone_number_ids', 'purposes', 'campaigns'],
    description:
      'Which events of its types the endpoint takes: each list narrows one dimension and an event must match every one given. An event about no number in particular (an account-wide alert, an unreadable webhook body) passes `phone_number_ids`; purposes and campaigns are a message’s, so an event about no message (an unattributed reply, an assignment, an alert) passes neither. An inbound message’s events are about the message it answers.',
  },
);

export const EventEndpoint = named(
  'EventEndpoint',
  object(
    {
      id: uuid(),
      url: str(),
      description: nullable(str()),
      events: arrayOf(oneOfValues(INTEGRATOR_EVENT_TYPES)),
      filter: nullable(EventEndpointFilterView, { description: 'null: every event of its types' }),
      rate_per_second: nullable(int({ description: 'at most this many POSTs per second, evenly spaced, across every worker; null: no limit' })),
      secret_rotated_at: nullable(dateTime({ description: 'when its signing secret was last rotated; null: never' })),
      previous_secret_expires_at: nullable(
        dateTime({
          description:
            'until when a secret a rotation replaced still signs beside the current one (each POST then carries a signature per secret); null: only the current one signs',
        }),
      ),
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
export const SecretRotated = object({
  endpoint: EventEndpoint,
  secret: str({ description: '`whsec_…`, the new signing secret: shown this once' }),
});
export const EventDeliveryList = object({ data: arrayOf(EventDelivery) });
export const OneEventDelivery = object({ delivery: EventDelivery });
export const RecoverResult = object({ owed: int({ description: 'deliveries owed anew (given up, or never made while the endpoint was disabled)' }) });
