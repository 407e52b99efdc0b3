/** Why a session no longer lets its person in, or `valid`. */
export type SessionStatus = 'valid' | 'idle' | 'expired' | 'deactivated';

export interface SessionFacts {
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly staffActive: boolean;
}

/**
 * A session ends when its person is deactivated, at its absolute expiry (however busy), or after
 * `idleMs` without a request. Deactivation wins: it is the one a person did on purpose.
 */
export function sessionStatus(session: SessionFacts, now: Date, idleMs: number): SessionStatus {
  if (!session.staffActive) return 'deactivated';
  if (now.getTime() >= session.expiresAt.getTime()) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() >= idleMs) return 'idle';
  return 'valid';
}

/** `last_seen_at` is written at most this often per session: a request a second must not be a write a second. */
export const TOUCH_EVERY_MS = 60_000;

export const needsTouch = (lastSeenAt: Date, now: Date): boolean => now.getTime() - lastSeenAt.getTime() >= TOUCH_EVERY_MS;
