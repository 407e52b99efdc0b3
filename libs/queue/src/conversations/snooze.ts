// Snoozing a conversation: it leaves the Open list until a time, or until the customer writes again,
// and comes back by itself. The customer writing always wakes it (whatever time was set): someone
// waiting for an answer is never hidden.

/** The furthest a conversation may be snoozed ahead. */
export const MAX_SNOOZE_MS = 366 * 86_400_000;

/** `until` as the API takes it: an ISO time, or `customer_reply`. */
export const SNOOZE_UNTIL_REPLY = 'customer_reply';

/** A conversation's snooze as stored: since when, and until when (null: until the customer writes). */
export interface SnoozeState {
  readonly snoozedAt: Date | null;
  readonly snoozedUntil: Date | null;
}

export type SnoozeRequest = { readonly ok: true; readonly until: Date | null } | { readonly ok: false; readonly message: string };

/** What `{"until"}` asks for: a time after `now` (within a year), or null for "until the customer writes". */
export function parseSnoozeUntil(until: unknown, now: Date): SnoozeRequest {
  if (until === SNOOZE_UNTIL_REPLY) return { ok: true, until: null };
  if (typeof until !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(until))
    return { ok: false, message: `must be an ISO 8601 time with its offset, or "${SNOOZE_UNTIL_REPLY}"` };
  const at = new Date(until);
  if (Number.isNaN(at.getTime())) return { ok: false, message: 'is not a real time' };
  if (at.getTime() <= now.getTime()) return { ok: false, message: 'must be in the future' };
  if (at.getTime() - now.getTime() > MAX_SNOOZE_MS) return { ok: false, message: 'must be within a year' };
  return { ok: true, until: at };
}

export type SnoozeWake = 'time_passed' | 'customer_wrote' | null;

/**
 * Whether a snoozed conversation wakes: when its time has come (the periodic task asks with `now`),
 * or when the customer writes (whatever time was set). Null: it sleeps on (or was not snoozed).
 */
export function decideSnoozeWake(s: SnoozeState, event: { readonly kind: 'tick'; readonly now: Date } | { readonly kind: 'customer_wrote' }): SnoozeWake {
  if (s.snoozedAt === null) return null;
  if (event.kind === 'customer_wrote') return 'customer_wrote';
  return s.snoozedUntil !== null && s.snoozedUntil.getTime() <= event.now.getTime() ? 'time_passed' : null;
}

/** Whether the conversation is hidden from Open at `now`: snoozed, and its time not yet come (the task may lag a little). */
export function isSnoozedAt(s: SnoozeState, now: Date): boolean {
  return s.snoozedAt !== null && decideSnoozeWake(s, { kind: 'tick', now }) === null;
}
