import { arrayOf, dateTime, int, mapOf, named, nullable, num, object, str, type Schema } from '../../contract/schema.js';

const count = int({ minimum: 0 });
const countsBy = mapOf(count);
/** A counted figure: total, per label (named `by_purpose`, `by_field`, …), and per bucket. */
const counted = (by: string, what: string) =>
  object({ total: count, [by]: countsBy, series: arrayOf(object({ at: dateTime(), total: count, [by]: countsBy })) }, { description: what, open: true });
const gauge = (what: string, extra: Record<string, Schema> = {}) =>
  object(
    {
      current: count,
      ...extra,
      series: arrayOf(
        object({
          at: dateTime(),
          value: nullable(num(), {
            description: 'the last reading in that bucket (the current bucket: the reading at `until`); null: no sample in that bucket',
          }),
        }),
      ),
    },
    { description: what, open: true },
  );
const distribution = { count, p50_ms: nullable(num()), p95_ms: nullable(num()) };
const gapFigures = { overall: object(distribution), series: arrayOf(object({ at: dateTime(), ...distribution })) };

export const PoolFigures = named(
  'PoolFigures',
  object(
    {
      window_ms: count,
      served: count,
      arrival_rate_per_s: num({ description: 'λ' }),
      mean_service_ms: nullable(num(), { description: 'S' }),
      workers: int({ minimum: 0, description: 'c' }),
      utilisation: nullable(num(), { description: 'ρ = λ × S ÷ c; below 1 the workers keep up' }),
      backlog: count,
      mean_wait_ms: nullable(num()),
    },
    { open: true },
  ),
);

/** One bucket of a pool's chart. */
export const PoolPoint = named(
  'PoolPoint',
  object({
    at: dateTime(),
    utilisation: nullable(num(), { description: 'ρ in that bucket; null when no worker reported' }),
    arrival_rate_per_s: num(),
    mean_service_ms: nullable(num()),
    workers: int({ minimum: 0 }),
    backlog: count,
    served: count,
  }),
);

const billableFree = object({ billable: count, free: count });

/** Billable and free messages, in all and per Meta pricing category. */
export const pricingCountFields = {
  billable: int({ minimum: 0, description: 'messages Meta priced as billable (`pricing.billable: true`)' }),
  free: int({ minimum: 0, description: 'messages Meta priced as free (service, free entry points, utility inside the window…)' }),
  by_category: mapOf(billableFree, {
    description: 'per Meta category (`marketing`, `utility`, `authentication`, `service`, …), each only when a message of it was counted',
  }),
};
export const PricingCounts = named('PricingCounts', object(pricingCountFields, { description: 'Messages as Meta priced them, billable and free.' }));

export const SpendEstimate = named(
  'SpendEstimate',
  object(
    {
      currency: str({ description: "the rate card's currency (ISO 4217)" }),
      total: num({ minimum: 0, description: 'the billable messages at the rate card’s prices' }),
      by_category: mapOf(num({ minimum: 0 })),
      by_number: mapOf(num({ minimum: 0 }), { description: 'per business number (phone_number_id)' }),
      unrated_messages: int({ minimum: 0, description: 'billable messages the rate card has no price for (not in `total`)' }),
    },
    {
      description:
        "An estimate from `PRICING_RATES` (each billable message at its category's price for the recipient's country, else the category's default), never an invoice: Meta's bill is the truth.",
    },
  ),
);

/** Queue-health figures: current values and series. */
export const MetricsReport = named(
  'MetricsReport',
  object(
    {
      generated_at: dateTime(),
      since: dateTime(),
      until: dateTime(),
      bucket: str(),
      stuck_sending: gauge('rows in `sending` longer than `STUCK_SENDING_AFTER_MS` (each a possible duplicate)', { older_than_ms: count }),
      dedupe_rejected: counted('by_purpose', 'writes rejected by the dedupe constraint'),
      webhook_duplicates: counted('by_field', "webhook events we already had (Meta's duplicate rate)"),
      unattributed_inbound: gauge('inbound messages with no message or conversation attribution'),
      sent_to_delivered: object(
        { ...gapFigures, by_number: mapOf(object(gapFigures), { description: 'the same per business number (phone_number_id)' }) },
        { description: "gap between `sent` and `delivered`, from Meta's timestamps", open: true },
      ),
      pools: mapOf(PoolFigures, { description: 'per worker pool (`webhooks`, `outbound`)' }),
      pool_series: mapOf(arrayOf(PoolPoint), { description: 'per worker pool, bucket by bucket: ρ and its parts' }),
      queue_depth: object(
        {
          by_state: countsBy,
          by_number: countsBy,
          queues: { type: 'object' },
          series: arrayOf(
            object({
              at: dateTime(),
              by_state: mapOf(nullable(count), {
                description: 'the last reading in that bucket (the current bucket: the reading at `until`); null: no reading in that bucket',
              }),
            }),
          ),
        },
        { open: true },
      ),
      sends_accepted: counted('by_number', 'sends Meta accepted, per business number (phone_number_id)'),
      send_outcomes: counted('by_outcome', 'send outcomes by error code'),
      throughput_by_number: mapOf(
        object(
          {
            sends: count,
            per_second: num(),
            cap_per_second: num({ description: 'the configured rate' }),
            bucket_rate_per_second: num({ description: 'what the token bucket allows after headroom' }),
          },
          { optional: ['cap_per_second', 'bucket_rate_per_second'] },
        ),
      ),
      webhook_ack_latency: object({ count, mean_ms: nullable(num()), buckets: arrayOf(object({ le_ms: str(), count })) }, { open: true }),
      signatures_rejected: counted('by_reason', 'webhook POSTs refused for their signature'),
      poison_deliveries: object({ current: count, total: count, by_reason: countsBy, series: arrayOf({ type: 'object' }) }, { open: true }),
      parked_statuses: gauge('statuses waiting for the message they name'),
      paused_numbers: arrayOf(
        object({ scope: str(), phone_number_id: nullable(str()), code: nullable(str()), reason: str(), paused_at: dateTime() }, { open: true }),
      ),
      alerts_open: count,
      pricing: object(
        {
          ...pricingCountFields,
          by_number: mapOf(PricingCounts, { description: 'per business number (phone_number_id)' }),
          by_campaign: mapOf(PricingCounts, { description: 'per `campaign` tag (messages without one are in the totals only)' }),
          by_country: mapOf(PricingCounts, { description: "per recipient's country (ISO 3166), `unknown` when the number does not tell" }),
          by_day: arrayOf(object({ day: str({ format: 'date', description: 'a UTC day' }), ...pricingCountFields }), {
            description: 'each UTC day the range touches, oldest first',
          }),
          estimated_spend: nullable(SpendEstimate, { description: 'null unless `PRICING_RATES` is set' }),
        },
        {
          description:
            "Meta's pricing of outbound messages in the range: each message counted once, when the first status carrying its `pricing` is recorded (usually `sent`).",
        },
      ),
    },
    { description: 'Queue-health figures: current values and series.', open: true },
  ),
);
