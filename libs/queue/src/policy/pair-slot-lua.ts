/**
 * `pushPairSlot` as one atomic Redis script (after 131056).
 *
 * KEYS[1]  the pair's key (see `policyKeys.pair`; ADMISSION_LUA sets it when it takes the slot)
 * ARGV[1]  now, integer ms; ARGV[2] delayMs (integer ≥ 1)
 * Returns  the ms when the pair is free again (never earlier than before).
 */
export const PAIR_PUSH_LUA = `
local now = tonumber(ARGV[1])
local delay = tonumber(ARGV[2])
local free_at = tonumber(redis.call('GET', KEYS[1]) or '0')
local pushed = math.max(free_at, now + delay)
redis.call('SET', KEYS[1], pushed, 'PX', pushed - now)
return pushed
`.trim();

/** ARGV for PAIR_PUSH_LUA: now and the delay, whole ms. */
export function pairSlotArgs(now: Date, intervalMs: number): [string, string] {
  return [String(Math.floor(now.getTime())), String(intervalMs)];
}
