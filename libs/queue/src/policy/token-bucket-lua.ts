import { TOKEN_UNITS, type BucketRate } from './token-bucket.js';

/**
 * The bucket's state at `now` (locals `units`, `at`), refilled since it was stored; needs locals
 * `now`, `per_ms` and `capacity`. Shared by TOKEN_BUCKET_LUA and ADMISSION_LUA.
 */
export function bucketRefillLua(key: string): string {
  return `local stored = redis.call('HMGET', ${key}, 'units', 'at')
local units = capacity
local at = now
if stored[1] and stored[2] then
  local last = tonumber(stored[2])
  at = math.max(now, last)
  units = math.min(capacity, tonumber(stored[1]) + math.floor((at - last) * per_ms))
end`;
}

/**
 * `takeToken` as one atomic Redis script, a line-for-line transcription of it.
 *
 * KEYS[1]  the number's bucket, a hash { units, at } (see `policyKeys.bucket`)
 * ARGV[1]  now, integer ms since the epoch (the worker's clock service)
 * ARGV[2]  ratePerSec (may be fractional)
 * ARGV[3]  burst (integer ≥ 1)
 * Returns  { granted 0|1, nextAtMs, units }, integers. The key expires once the bucket would be
 *          full again (a missing key is a full bucket), plus a second of slack.
 * Validate the rate with `assertBucketRate` before calling: the script trusts its arguments.
 */
export const TOKEN_BUCKET_LUA = `
local now = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2]) * 1000
local capacity = tonumber(ARGV[3]) * ${TOKEN_UNITS}
${bucketRefillLua('KEYS[1]')}
local granted = 0
if units >= ${TOKEN_UNITS} then
  units = units - ${TOKEN_UNITS}
  granted = 1
end
local wait = 0
if units < ${TOKEN_UNITS} then
  wait = math.ceil((${TOKEN_UNITS} - units) / per_ms)
end
redis.call('HSET', KEYS[1], 'units', units, 'at', at)
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - units) / per_ms) + 1000)
return { granted, at + wait, units }
`.trim();

/** ARGV for TOKEN_BUCKET_LUA. */
export function tokenBucketArgs(now: Date, rate: BucketRate): [string, string, string] {
  return [String(Math.floor(now.getTime())), String(rate.ratePerSec), String(rate.burst)];
}

/** The script's reply, typed. */
export function parseTokenBucketReply(reply: unknown): { granted: boolean; nextAt: Date } {
  if (!Array.isArray(reply) || reply.length < 2) throw new TypeError('token bucket: unexpected script reply');
  return { granted: Number(reply[0]) === 1, nextAt: new Date(Number(reply[1])) };
}

/** What Redis holds for one bucket key: hash fields as strings, and the TTL last set. */
export interface BucketHash {
  units?: string;
  at?: string;
}

/**
 * Reference: TOKEN_BUCKET_LUA executed by hand in JS, statement for statement (Lua numbers are
 * IEEE doubles like JS numbers; HMGET gives false for a missing field). The spec runs it beside
 * `takeToken` and asserts they agree; keep the three in step.
 */
export function runTokenBucketLua(hash: BucketHash, argv: readonly string[]): { reply: [number, number, number]; hash: Required<BucketHash>; pexpireMs: number } {
  const now = Number(argv[0]);
  const perMs = Number(argv[1]) * 1000;
  const capacity = Number(argv[2]) * TOKEN_UNITS;
  const stored = [hash.units ?? false, hash.at ?? false] as const;
  let units = capacity;
  let at = now;
  if (stored[0] !== false && stored[1] !== false) {
    const last = Number(stored[1]);
    at = Math.max(now, last);
    units = Math.min(capacity, Number(stored[0]) + Math.floor((at - last) * perMs));
  }
  let granted = 0;
  if (units >= TOKEN_UNITS) {
    units = units - TOKEN_UNITS;
    granted = 1;
  }
  let wait = 0;
  if (units < TOKEN_UNITS) {
    wait = Math.ceil((TOKEN_UNITS - units) / perMs);
  }
  return {
    reply: [granted, at + wait, units],
    hash: { units: String(units), at: String(at) },
    pexpireMs: Math.ceil((capacity - units) / perMs) + 1000,
  };
}
