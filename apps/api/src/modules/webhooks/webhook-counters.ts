/** Figures the webhook module counts (metric_counters, per minute), label in the comment. */
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
