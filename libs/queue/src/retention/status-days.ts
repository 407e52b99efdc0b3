// Which days of status events can hold what a query looks for. Status events are partitioned by
// the day they were received: a query that names those days reads their partitions only, instead
// of planning and probing a year of them.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Our clock stamps `received_at`, Meta's `occurred_at` and the app's `created_at`: an hour's slack between them. */
const CLOCK_SLACK_MS = HOUR_MS;
/** Meta tries to deliver a message for 30 days: its sent and delivered statuses (the ones priced) come within a day more. */
const DELIVERY_WINDOW_MS = 31 * DAY_MS;

/** The earliest a status about something made (or that happened) at `at` can have been received. */
export function statusesReceivedFrom(at: Date): Date {
  return new Date(at.getTime() - CLOCK_SLACK_MS);
}

/** The latest a priced status (sent, delivered) of a message made by `madeBy` can have been received. */
export function pricedStatusesReceivedBy(madeBy: Date): Date {
  return new Date(madeBy.getTime() + DELIVERY_WINDOW_MS);
}

/** The earliest the `sent` status of a message delivered at or after `deliveredFrom` can have been received. */
export function sentStatusesReceivedFrom(deliveredFrom: Date): Date {
  return new Date(deliveredFrom.getTime() - DELIVERY_WINDOW_MS - CLOCK_SLACK_MS);
}

/** The earliest a status still parked can have been received: older ones turn foreign (WEBHOOK_FOREIGN_AFTER). */
export function parkedStatusesReceivedFrom(now: Date, foreignAfterMs: number): Date {
  return new Date(now.getTime() - foreignAfterMs);
}
