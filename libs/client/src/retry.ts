/**
 * When to try a request again, and after how long: a pure function, so the policy is tested by
 * itself and the transport only follows it.
 *
 * A request is retried only when repeating it cannot do anything twice: a send carries its
 * `dedupe_key` (the same key again answers `200 deduplicated: true` with the row the first attempt
 * wrote), a reply its `client_request_id`, a cancel ends in the same state however often it runs,
 * and a GET changes nothing. Everything else (registering an event endpoint, rotating its secret)
 * is tried once; its error says whether it may be worth repeating by hand.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (1 = never retry). */
  readonly maxAttempts: number;
  /** The backoff before the first retry; it doubles for each further one. */
  readonly baseDelayMs: number;
  /** No backoff is longer than this. */
  readonly maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown, carrying `retryAfterMs`. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
});

/** How an attempt ended, as far as retrying is concerned. */
export type AttemptOutcome =
  /** The API answered with a status that is not a success. `retryAfter` is the header as sent, if any. */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string | null }
  /** No answer: the connection failed or was cut. */
  | { readonly kind: 'network' }
  /** No answer within the client's time-out. */
  | { readonly kind: 'timeout' };

export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number }
  | { readonly retry: false; readonly reason: 'not_idempotent' | 'not_transient' | 'attempts_exhausted' | 'retry_after_too_long' };

/** Statuses that say "not now" rather than "not this": 408 and 429, and the gateway-ish 5xx. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export const isTransient = (outcome: AttemptOutcome): boolean => outcome.kind !== 'status' || TRANSIENT_STATUSES.has(outcome.status);

/**
 * Whether to make attempt `attempt + 1` after attempt `attempt` (1-based) ended in `outcome`, and
 * how long to wait first: exponential backoff from `baseDelayMs`, capped at `maxDelayMs`, with
 * "equal jitter" (half of it fixed, half random) so many clients failing together do not come back
 * together; a `Retry-After` (seconds, or an HTTP date read against `now`) is a floor under it.
 */
export function retryDecision(input: {
  readonly idempotent: boolean;
  readonly attempt: number;
  readonly outcome: AttemptOutcome;
  readonly policy?: RetryPolicy;
  /** A number in [0, 1); Math.random by default. */
  readonly random?: () => number;
  /** Epoch ms, for a `Retry-After` given as a date. */
  readonly now?: number;
}): RetryDecision {
  const { idempotent, attempt, outcome, policy = DEFAULT_RETRY_POLICY, random = Math.random, now = Date.now() } = input;
  if (!idempotent) return { retry: false, reason: 'not_idempotent' };
  if (!isTransient(outcome)) return { retry: false, reason: 'not_transient' };
  if (attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts_exhausted' };
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const backoff = Math.round(ceiling / 2 + random() * (ceiling / 2));
  const retryAfter = outcome.kind === 'status' ? retryAfterMs(outcome.retryAfter, now) : null;
  if (retryAfter !== null && retryAfter > policy.maxRetryAfterMs) return { retry: false, reason: 'retry_after_too_long' };
  return { retry: true, delayMs: Math.max(backoff, retryAfter ?? 0) };
}

/** A `Retry-After` header in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`); anything else is not guessed at.
  const at = /GMT$/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
