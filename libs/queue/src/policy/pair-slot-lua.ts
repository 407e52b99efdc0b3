/**
 * `takePairSlot` as one atomic Redis script.
 *
 * KEYS[1]  the pair's key (see `policyKeys.pair`): a string, the ms when the pair is free again
 * ARGV[1]  now, integer ms since the epoch
 * ARGV[2]  intervalMs (integer ≥ 1, default 6000)
 * Returns  { granted 0|1, nextAtMs }: granted → the slot is yours, the pair is next free at
 *          nextAtMs; not granted → come back at nextAtMs. The key expires when the pair frees.
 */
export const PAIR_SLOT_LUA = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local free_at = tonumber(redis.call('GET', KEYS[1]) or '0')
if free_at > now then
  return { 0, free_at }
end
local next_free = now + interval
redis.call('SET', KEYS[1], next_free, 'PX', interval)
return { 1, next_free }
`.trim();

/**
 * `pushPairSlot` as one atomic Redis script (after 131056).
 *
 * KEYS[1]  the pair's key
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

export function pairSlotArgs(now: Date, intervalMs: number): [string, string] {
  return [String(Math.floor(now.getTime())), String(intervalMs)];
}

export function parsePairSlotReply(reply: unknown): { granted: boolean; nextAt: Date } {
  if (!Array.isArray(reply) || reply.length < 2) throw new TypeError('pair slot: unexpected script reply');
  return { granted: Number(reply[0]) === 1, nextAt: new Date(Number(reply[1])) };
}

/** Reference: PAIR_SLOT_LUA executed by hand in JS (GET gives false for a missing key). */
export function runPairSlotLua(value: string | null, argv: readonly string[]): { reply: [number, number]; value: string | null; pxMs: number | null } {
  const now = Number(argv[0]);
  const interval = Number(argv[1]);
  const freeAt = Number(value ?? '0');
  if (freeAt > now) return { reply: [0, freeAt], value, pxMs: null };
  const nextFree = now + interval;
  return { reply: [1, nextFree], value: String(nextFree), pxMs: interval };
}

/** Reference: PAIR_PUSH_LUA executed by hand in JS. */
export function runPairPushLua(value: string | null, argv: readonly string[]): { reply: number; value: string; pxMs: number } {
  const now = Number(argv[0]);
  const delay = Number(argv[1]);
  const freeAt = Number(value ?? '0');
  const pushed = Math.max(freeAt, now + delay);
  return { reply: pushed, value: String(pushed), pxMs: pushed - now };
}
