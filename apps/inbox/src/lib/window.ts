import type { Conversation } from '@sendbook/api-contract';
import { durationWords, relativeTime, type Instant } from './time';

/**
 * The 24-hour customer-service window as an agent needs it: can I write freely, and for how long?
 * Decided from `window_open_until` against `now`, so a page left open does not keep saying "open"
 * after the window has closed.
 */
export interface WindowDisplay {
  readonly open: boolean;
  /** "Window closes in 3 h 12 min", "Window closed 2 days ago", "No message from the customer yet". */
  readonly label: string;
  /** Short, for the thread's header: "3 h 12 min left", "Window closed" (not just "Closed": conversations close too). */
  readonly short: string;
  /** Shortest, for a list row: whole hours once there are any ("3 h left", rounded down), else minutes. */
  readonly brief: string;
  readonly tone: 'success' | 'warning' | 'muted';
}

/** Under this much time left, the window is about to close: say so in a warning tone. */
export const CLOSING_SOON_MS = 60 * 60 * 1000;

/** The window is 24 hours at most; a page's clock ticks every 30 s, so it can trail the message that opened it. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export function describeWindow(conversation: Pick<Conversation, 'window_open_until'>, now: Instant, timeZone = 'UTC'): WindowDisplay {
  const until = conversation.window_open_until;
  if (!until) return { open: false, label: 'No message from the customer yet: templates only', short: 'Window closed', brief: 'Window closed', tone: 'muted' };
  // Never "1 day left": a clock a few seconds behind the customer's message would overstate it.
  const left = Math.min(Date.parse(until) - new Date(now).getTime(), LONGEST_WINDOW_MS - 1);
  if (left > 0) {
    const words = durationWords(left);
    const brief = left >= HOUR_MS ? `${Math.floor(left / HOUR_MS)} h left` : `${words} left`;
    return { open: true, label: `Window closes in ${words}`, short: `${words} left`, brief, tone: left <= CLOSING_SOON_MS ? 'warning' : 'success' };
  }
  return { open: false, label: `Window closed ${relativeTime(until, now, timeZone)}`, short: 'Window closed', brief: 'Window closed', tone: 'muted' };
}
