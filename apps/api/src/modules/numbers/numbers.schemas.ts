import { arrayOf, bool, constant, dateTime, int, named, nullable, num, object, oneOf, oneOfValues, str, uuid } from '../../contract/schema.js';

const SCOPES = ['number', 'account'];

/** Sending paused because Meta refused the account or number (expired token, payment, policy). */
export const Pause = named(
  'Pause',
  object(
    {
      id: uuid(),
      scope: oneOfValues(SCOPES, { description: 'one business number, or the whole account' }),
      phone_number_id: nullable(str(), { description: 'null for an account-wide pause' }),
      code: nullable(str(), { description: "Meta's error code that paused sending" }),
      reason: str(),
      paused_at: dateTime(),
    },
    { description: 'Sending paused because Meta refused the account or number (expired token, payment, policy).' },
  ),
);

/** A number as Meta describes it (`GET /<phone_number_id>`), read by the workers. */
export const NumberProfile = named(
  'NumberProfile',
  object({
    display_phone_number: nullable(str(), { description: 'digits, as webhooks carry it' }),
    verified_name: nullable(str()),
    quality_rating: nullable(str({ description: 'GREEN, YELLOW, RED or UNKNOWN' })),
    throughput_level: nullable(str({ description: 'STANDARD (80 msg/s) or HIGH (up to 1,000 msg/s)' })),
    name_status: nullable(str()),
    synced_at: nullable(dateTime(), { description: 'when it was read from Meta' }),
  }),
);

/** A business number: rate, messaging limit, pauses and open rows. */
export const NumberStatus = named(
  'NumberStatus',
  object(
    {
      phone_number_id: str(),
      profile: nullable(NumberProfile, { description: 'what Meta last said about the number; null until it was read' }),
      rate_per_second: num({ description: 'configured send rate' }),
      effective_rate_per_second: num({ description: 'after headroom, and while slowed after a throughput error (130429) the rate in force now' }),
      slowed_until: nullable(dateTime(), { description: 'after a 130429 the rate is cut, held a moment, then climbs back: when it is back in full' }),
      cooling_until: nullable(dateTime()),
      messaging_limit: object({
        scope: str({ description: 'what the limit applies to (`TierScope`)' }),
        scope_id: str(),
        limit: oneOf([int({ minimum: 0 }), constant('unlimited')], { description: "Meta's business-initiated messaging limit per 24 h" }),
        users_in_window: int({ minimum: 0 }),
      }),
      paused: bool(),
      pauses: arrayOf(object({ id: uuid(), scope: oneOfValues(SCOPES), code: nullable(str()), reason: str(), paused_at: dateTime() })),
      queued: int({ minimum: 0 }),
      sending: int({ minimum: 0 }),
    },
    { description: 'A business number: rate, messaging limit, pauses and open rows.' },
  ),
);

export const NumberList = object({ data: arrayOf(NumberStatus) });
export const PauseList = object({ data: arrayOf(Pause) });
export const Resumed = object({ resumed: int({ minimum: 0, description: 'pauses ended' }), requeued: int({ minimum: 0, description: 'rows re-enqueued' }) });
export const Paused = object({ paused: bool() });
export const ProfilesSynced = object({
  synced: arrayOf(str(), { description: 'phone_number_ids read' }),
  failed: arrayOf(object({ phone_number_id: str(), outcome: str({ description: 'rejected, not_sent or unknown' }), error: nullable(str()) })),
});
