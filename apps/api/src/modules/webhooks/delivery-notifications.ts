/** The channel the endpoint's INSERT notifies with the ids of the deliveries it committed. */
export const DELIVERIES_CHANNEL = 'sendbook_webhook_deliveries';

/**
 * Ids per NOTIFY: a payload must stay under PostgreSQL's 8,000 bytes, and a uuid with its comma
 * takes 37.
 */
export const IDS_PER_NOTIFICATION = 150;

/** The ids in one notification's payload (comma-separated; anything else is ignored). */
export function parseDeliveryIds(payload: string): string[] {
  return payload.split(',').filter((id) => UUID.test(id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
