// A per-key request rate as GCRA (the generic cell rate algorithm): one number per key, the
// theoretical arrival time of the next request. Up to `perMinute` requests may come at once,
// then one every 60 s / perMinute. Whole milliseconds, so the Lua transcription (REQUEST_RATE_LUA)
// computes exactly the same numbers.

export interface RequestRateDecision {
  readonly allowed: boolean;
  /** The state to keep: the theoretical arrival time, in ms. */
  readonly tatMs: number;
  /** Refused: how long until a request would be allowed (for `Retry-After`); allowed: 0. */
  readonly retryAfterMs: number;
}

/** The spacing between requests at this rate, rounded up to a whole millisecond. */
export function requestIntervalMs(perMinute: number): number {
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError(`request rate: perMinute must be an integer ≥ 1, got ${perMinute}`);
  return Math.ceil(60_000 / perMinute);
}

/** One request at `nowMs` against the stored arrival time (null: none yet, a full allowance). */
export function takeRequest(tatMs: number | null, nowMs: number, perMinute: number): RequestRateDecision {
  const interval = requestIntervalMs(perMinute);
  const tolerance = interval * (perMinute - 1);
  const tat = Math.max(tatMs ?? nowMs, nowMs);
  if (tat - nowMs > tolerance) return { allowed: false, tatMs: tat, retryAfterMs: tat - tolerance - nowMs };
  return { allowed: true, tatMs: tat + interval, retryAfterMs: 0 };
}

/** REQUEST_RATE_LUA's ARGV for a request at `nowMs`. */
export function requestRateArgs(nowMs: number, perMinute: number): [number, number, number] {
  const interval = requestIntervalMs(perMinute);
  return [Math.floor(nowMs), interval, interval * (perMinute - 1)];
}

/**
 * `takeRequest` as one atomic Redis script, shared by every API instance.
 * KEYS 1 the key's state.  ARGV 1 now ms  2 interval ms  3 tolerance ms (interval × (perMinute − 1)).
 * Returns { 1, 0 } allowed or { 0, retryAfterMs }. The state expires once it no longer matters.
 */
export const REQUEST_RATE_LUA = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
if tat - now > tolerance then return { 0, tat - tolerance - now } end
tat = tat + interval
redis.call('SET', KEYS[1], string.format('%d', tat), 'PX', string.format('%d', tat - now + 1000))
return { 1, 0 }
`;
