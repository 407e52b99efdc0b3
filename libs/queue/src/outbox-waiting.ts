// Why a queued message has not gone yet, in the few words a person reading the thread needs.

export type WaitReason = 'paused' | 'quiet_hours' | 'messaging_limit' | 'cooling' | 'retry' | 'scheduled' | 'paced';

export interface Waiting {
  readonly reason: WaitReason;
  /** When it may go, when that is known. */
  readonly until: Date | null;
}

export interface QueuedFacts {
  readonly notBefore: Date;
  readonly attempts: number;
  /** `last_error.code`: the sender writes the long waits there (quiet_hours, messaging_limit, cooling). */
  readonly lastErrorCode: string | number | null;
}

export interface WaitContext {
  readonly now: Date;
  /** Its number (or the account) is paused: nothing goes until an admin resumes. */
  readonly paused: boolean;
  /** When this number last sent to this recipient: one message per pair interval (6 s). */
  readonly lastSentToRecipientAt: Date | null;
  readonly pairIntervalMs: number;
}

const LONG_WAITS: ReadonlySet<unknown> = new Set(['quiet_hours', 'messaging_limit', 'cooling']);

/**
 * A queued row's wait: a pause first (it overrides everything), then the waits the sender wrote
 * into `not_before` (quiet hours, the messaging limit, a cooling number, a retry's backoff, a time
 * the integrator chose), then the 6 s pacing between messages to one person, which moves no
 * `not_before`. Null: it is due and simply next in line.
 */
export function whyWaiting(row: QueuedFacts, ctx: WaitContext): Waiting | null {
  if (ctx.paused) return { reason: 'paused', until: null };
  const later = row.notBefore.getTime() > ctx.now.getTime();
  if (later && LONG_WAITS.has(row.lastErrorCode)) return { reason: row.lastErrorCode as WaitReason, until: row.notBefore };
  if (later && row.attempts > 0 && row.lastErrorCode !== null) return { reason: 'retry', until: row.notBefore };
  if (later) return { reason: 'scheduled', until: row.notBefore };
  if (ctx.lastSentToRecipientAt) {
    const free = ctx.lastSentToRecipientAt.getTime() + ctx.pairIntervalMs;
    if (free > ctx.now.getTime()) return { reason: 'paced', until: new Date(free) };
  }
  return null;
}
