// Per business number throughput as a token bucket. Integer arithmetic in millionths of a token
// and whole milliseconds, so the Redis Lua transcription (ADMISSION_LUA) computes exactly
// the same numbers: every value stored or returned is an integer below 2^53.

/** One token, in the units the bucket counts. */
export const TOKEN_UNITS = 1_000_000;

export interface BucketRate {
  /** Tokens added per second (messages per second). May be fractional (a slowed bucket). */
  ratePerSec: number;
  /**
   * Tokens the bucket holds at most. With 1, sends are spaced 1/rate apart and no window of one
   * second carries more than `ratePerSec`; with b, a window can carry ratePerSec + b − 1.
   */
  burst: number;
}

/** The bucket as stored: `units` (millionths of a token) held at `at`. No state = a full bucket. */
export interface TokenBucketState {
  units: number;
  at: Date;
}

export interface TakeTokenResult {
  granted: boolean;
  /**
   * Not granted: when the token this caller needs will be there (set `not_before` to it, count
   * no attempt). Granted: when the next token will be there (`at` if one is left).
   */
  nextAt: Date;
  state: TokenBucketState;
}

/** Throws RangeError unless the rate is positive and finite and the burst a whole number ≥ 1. */
export function assertBucketRate({ ratePerSec, burst }: BucketRate): void {
  if (!Number.isFinite(ratePerSec) || ratePerSec <= 0) throw new RangeError(`token bucket: ratePerSec must be > 0, got ${ratePerSec}`);
  if (!Number.isInteger(burst) || burst < 1) throw new RangeError(`token bucket: burst must be an integer ≥ 1, got ${burst}`);
}

/**
 * Takes one token if there is one. Refill is `floor(elapsedMs × ratePerSec × 1000)` units, capped
 * at `burst` tokens; a clock behind the stored one refills nothing and keeps the stored time.
 */
export function takeToken(state: TokenBucketState | null, now: Date, rate: BucketRate): TakeTokenResult {
  assertBucketRate(rate);
  const nowMs = Math.floor(now.getTime());
  const perMs = rate.ratePerSec * 1000;
  const capacity = rate.burst * TOKEN_UNITS;

  let units = capacity;
  let at = nowMs;
  if (state) {
    const last = state.at.getTime();
    at = Math.max(nowMs, last);
    units = Math.min(capacity, state.units + Math.floor((at - last) * perMs));
  }
  let granted = false;
  if (units >= TOKEN_UNITS) {
    units = units - TOKEN_UNITS;
    granted = true;
  }
  let wait = 0;
  if (units < TOKEN_UNITS) wait = Math.ceil((TOKEN_UNITS - units) / perMs);
  return { granted, nextAt: new Date(at + wait), state: { units, at: new Date(at) } };
}
