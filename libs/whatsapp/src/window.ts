// The 24-hour customer-service window: inside it any message type may be sent, outside it only
// templates (error 131047). It opens or refreshes with each inbound user message, counted from
// that message's own timestamp (webhook retries can arrive hours late), not from receipt time.

export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When the window closes, or null if no inbound message is known. */
export function windowOpenUntil(lastInboundAt: Date | null): Date | null {
  if (!lastInboundAt || Number.isNaN(lastInboundAt.getTime())) return null;
  return new Date(lastInboundAt.getTime() + CUSTOMER_SERVICE_WINDOW_MS);
}

/** Whether free-form messages may be sent at `now`. The window is closed at exactly +24 h. */
export function isWindowOpen(lastInboundAt: Date | null, now: Date): boolean {
  const until = windowOpenUntil(lastInboundAt);
  return until !== null && now.getTime() < until.getTime();
}

/** A Date from Meta's Unix-seconds timestamp (number or numeric string), or null. */
export function dateFromUnixSeconds(seconds: number | string | null | undefined): Date | null {
  const value = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds;
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}
