import { QUEUE_NAMES } from '@sendbook/queue';

/** Counted as they happen (metric_counters, per minute), label in the comment. */
export const RECORDED = {
  /** label: pool — job runs finished (any outcome) */
  poolJobs: 'queue.jobs',
  /** label: pool — their summed service time in ms */
  poolServiceMs: 'queue.service_ms',
  /** label: `<outcome>:<error code>` — what each send attempt came to */
  sendOutcome: 'outbox.send_outcome',
  /** label: phone_number_id — sends Meta accepted, per business number */
  sendsAccepted: 'outbox.sends_accepted',
  /** label: upper bound in ms ('+Inf' last) — webhook acks per latency bucket (not cumulative) */
  ackLatency: 'webhooks.ack_latency',
  /** label: '' — summed ack latency in ms */
  ackMs: 'webhooks.ack_ms',
} as const;

/**
 * Figures the webhook module counts (metric_counters, per minute), label in the comment. Named here
 * with the other figures: the dashboards and alert rules read them, the webhooks only count them.
 */
export const WEBHOOK_COUNTERS = {
  /** label: missing | invalid */
  signatureRejected: 'webhooks.signature_rejected',
  /** label: field */
  eventApplied: 'webhooks.event_applied',
  /** label: field — Meta delivered an event we had already applied */
  duplicateEvent: 'webhooks.duplicate_event',
  /** label: field — our own re-run (retry, replay) met its earlier claim */
  reprocessedEvent: 'webhooks.reprocessed_event',
  /** label: status */
  parkedStatus: 'webhooks.parked_status',
  /** label: status */
  foreignStatus: 'webhooks.foreign_status',
  /** label: invalid_json | not_an_envelope | processing_failed */
  poison: 'webhooks.poison',
} as const;

/**
 * Meta's pricing, counted once per message in the transaction that first records it on the row
 * (webhook statuses), so no status counts twice and none is lost with a process.
 */
export const PRICING_COUNTERS = {
  /** label: libs/queue pricingLabel — `category|billable|phone_number_id|country|campaign|enqueuer` */
  pricedMessages: 'pricing.messages',
} as const;

/** Gauges read by the sampler (metric_samples, per minute), label in the comment. */
export const SAMPLED = {
  /** label: '' — rows in `sending` longer than STUCK_SENDING_AFTER_MS */
  stuckSending: 'outbox.stuck_sending',
  /** label: state */
  rowsByState: 'outbox.rows',
  /** label: phone_number_id — rows not yet sent (queued, sending, held) */
  openByNumber: 'outbox.open_rows',
  /** label: '' */
  unattributedInbound: 'inbound.unattributed',
  /** label: '' */
  parkedStatuses: 'webhooks.parked_statuses',
  /** label: '' */
  poisonDeliveries: 'webhooks.poison_deliveries',
  /** label: '' */
  pausedNumbers: 'outbox.paused',
  /** label: pool — jobs waiting for a worker */
  backlog: 'queue.backlog',
  /** label: `<pool>|<process>` — configured concurrency of a worker process that reported */
  workerSlots: 'queue.worker_slots',
} as const;

export const POOLS = [QUEUE_NAMES.webhooks, QUEUE_NAMES.outbound] as const;
export type Pool = (typeof POOLS)[number];

/** Upper bounds (ms) of the webhook ack latency histogram. */
export const ACK_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;

/** Outbox states that are still work (not finished); their depth is the queue. */
export const OPEN_STATES = ['queued', 'sending', 'held'] as const;
