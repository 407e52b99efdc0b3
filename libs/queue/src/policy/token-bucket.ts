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
   * Not granted: when this caller may ask again and be granted (set `not_before` to it, count no
   * attempt). Granted: when the next caller may be (`at` if a token is left).
   */
  nextAt: Date;
  /**
   * Granted: when the token taken is there, the moment the caller may send (`at`, or up to
   * `leadMs` later: a token taken ahead). Not granted: null.
   */
  sendAt: Date | null;
  state: TokenBucketState;
}

/** Throws RangeError unless the rate is positive and finite and the burst a whole number ≥ 1. */
export function assertBucketRate({ ratePerSec, burst }: BucketRate): void {
  if (!Number.isFinite(ratePerSec) || ratePerSec <= 0) throw new RangeError(`token bucket: ratePerSec must be > 0, got ${ratePerSec}`);
  if (!Number.isInteger(burst) || burst < 1) throw new RangeError(`token bucket: burst must be an integer ≥ 1, got ${burst}`);
}

/**
 * Takes one token if there is one, or if one will be there within `leadMs`: a caller may take a
 * token ahead of time and send when it is there (`sendAt`), so a sender that comes back a little
 * late, or that is busy with its previous row when the token appears, still finds it taken for
 * it instead of losing the time the token waited unused (a bucket of one token refills nothing
 * while full). Sends stay spaced as the tokens appear: no window of one second carries more
 * `sendAt`s than the bucket without a lead would grant. The bucket may then hold less than
 * nothing (at least −`leadMs` of refill). Refill is `floor(elapsedMs × ratePerSec × 1000)` units,
 * capped at `burst` tokens; a clock behind the stored one refills nothing and keeps the stored time.
 */
export function takeToken(state: TokenBucketState | null, now: Date, rate: BucketRate, leadMs = 0): TakeTokenResult {
  assertBucketRate(rate);
  const nowMs = Math.floor(now.getTime());
  const perMs = rate.ratePerSec * 1000;
  const capacity = rate.burst * TOKEN_UNITS;
  const lead = Math.floor(Math.max(0, leadMs) * perMs);

  let units = capacity;
  let at = nowMs;
  if (state) {
    const last = state.at.getTime();
    at = Math.max(nowMs, last);
    units = Math.min(capacity, state.units + Math.floor((at - last) * perMs));
  }
  let sendAt: Date | null = null;
  if (units + lead >= TOKEN_UNITS) {
    sendAt = new Date(units >= TOKEN_UNITS ? at : at + Math.ceil((TOKEN_UNITS - units) / perMs));
    units = units - TOKEN_UNITS;
  }
  let wait = 0;
  if (units + lead < TOKEN_UNITS) wait = Math.ceil((TOKEN_UNITS - lead - units) / perMs);
  return { granted: sendAt !== null, nextAt: new Date(at + wait), sendAt, state: { units, at: new Date(at) } };
}
