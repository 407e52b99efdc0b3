import type { ErrorClassification } from './classify-error.js';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with full jitter: a uniform delay in [0, min(maxMs, baseMs * 2^attempt)).
 * `attempt` counts from 0; `random` returns [0, 1) and is injected so the function stays pure.
 */
export function backoffDelayMs(attempt: number, { baseMs, maxMs }: BackoffOptions, random: () => number): number {
  const safeAttempt = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  // 2^52 already dwarfs any sane maxMs; capping the exponent keeps the product finite.
  const ceiling = Math.min(Math.max(maxMs, 0), Math.max(baseMs, 0) * 2 ** Math.min(safeAttempt, 52));
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.floor(unit * ceiling);
}

/**
 * Delay before retry number `attempt` (from 0) for a classified error, or null when the error
 * must not be retried or its attempt budget is spent: Meta's suggested wait plus jittered backoff.
 */
export function retryDelayMs(
  classification: Pick<ErrorClassification, 'action' | 'retryAfterMs' | 'maxAttempts'>,
  attempt: number,
  { maxMs }: { maxMs: number },
  random: () => number,
): number | null {
  if (classification.action !== 'retry') return null;
  if (classification.maxAttempts !== undefined && attempt >= classification.maxAttempts) return null;
  const floor = classification.retryAfterMs ?? 1000;
  return Math.min(maxMs, floor + backoffDelayMs(attempt, { baseMs: floor, maxMs }, random));
}
