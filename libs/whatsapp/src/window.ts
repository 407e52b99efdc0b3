// The 24-hour customer-service window: inside it any message type may be sent, outside it only
// templates (error 131047). It opens or refreshes with each inbound user message, counted from
// that message's own timestamp (webhook retries can arrive hours late), not from receipt time.

export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type FreeFormDecision = 'open' | 'closed';

/**
 * May a free-form (non-template) message go at `now`? `windowOpenUntil` is Meta's timestamp of
 * the user's last inbound message plus CUSTOMER_SERVICE_WINDOW_MS (or earlier, once Meta answered
 * 131047), null when no inbound message is known. Open strictly before it: closed at exactly
 * +24 h, and closed when null.
 */
export function decideFreeFormAt(windowOpenUntil: Date | null, now: Date): FreeFormDecision {
  return windowOpenUntil !== null && now.getTime() < windowOpenUntil.getTime() ? 'open' : 'closed';
}
