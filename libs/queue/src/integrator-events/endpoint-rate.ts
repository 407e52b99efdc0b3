// An event endpoint's `rate_per_second`: POSTs to it leave evenly spaced, one every
// ceil(1000 / rate) ms, across every worker process. A worker about to claim deliveries for the
// endpoint first reserves departure slots (ENDPOINT_RATE_LUA, atomic in Redis): the next free slot
// and those after it, as many as it could claim, but only slots starting within `horizonMs` (the
// worker's poll interval, at most 1 s). It claims as many deliveries as it got slots and POSTs each
// at its slot. A delivery that got no slot stays pending, untouched: no attempt, no backoff. Order
// per ordering key is the claim's business and unchanged (only the first owed event of a key is
// ever claimable). Spaced slots never put more than `rate` POSTs in any window of 1 s.
// Whole milliseconds, so the Lua computes exactly what `reserveEndpointSlots` computes.

export const MAX_ENDPOINT_RATE_PER_SECOND = 1000;
/** Slots are reserved at most this far ahead (keeps them within two calendar seconds, see the ledger). */
export const MAX_ENDPOINT_SLOT_HORIZON_MS = 1000;
/** How long the per-second ledger keeps a second. */
export const ENDPOINT_RATE_LEDGER_SECONDS = 60;

/** The spacing between two POSTs at `perSecond`, rounded up to a whole millisecond. */
export function endpointSlotIntervalMs(perSecond: number): number {
  if (!Number.isInteger(perSecond) || perSecond < 1 || perSecond > MAX_ENDPOINT_RATE_PER_SECOND)
    throw new RangeError(`endpoint rate: perSecond must be an integer 1..${MAX_ENDPOINT_RATE_PER_SECOND}, got ${perSecond}`);
  return Math.ceil(1000 / perSecond);
}

export interface SlotReservation {
  /** Departure moments (ms), the earliest first; possibly none. */
  readonly slots: number[];
  /** The state to keep: the next free slot (ms); unchanged when no slot was reserved. */
  readonly nextFreeMs: number | null;
}

/**
 * Up to `want` slots starting at the next free one (`nextFreeMs`, null: none kept) or `nowMs`,
 * whichever is later, spaced by the interval, each before `nowMs + horizonMs`.
 */
export function reserveEndpointSlots(nextFreeMs: number | null, nowMs: number, perSecond: number, want: number, horizonMs: number): SlotReservation {
  const interval = endpointSlotIntervalMs(perSecond);
  const now = Math.floor(nowMs);
  const until = now + Math.min(Math.max(0, Math.floor(horizonMs)), MAX_ENDPOINT_SLOT_HORIZON_MS);
  let next = Math.max(nextFreeMs ?? now, now);
  const slots: number[] = [];
  while (slots.length < want && next < until) {
    slots.push(next);
    next += interval;
  }
  return { slots, nextFreeMs: slots.length > 0 ? next : nextFreeMs };
}

/** ENDPOINT_RATE_LUA's ARGV. */
export function endpointRateArgs(nowMs: number, perSecond: number, want: number, horizonMs: number): [string, string, string, string, string] {
  const horizon = Math.min(Math.max(0, Math.floor(horizonMs)), MAX_ENDPOINT_SLOT_HORIZON_MS);
  return [
    String(Math.floor(nowMs)),
    String(endpointSlotIntervalMs(perSecond)),
    String(Math.max(0, Math.floor(want))),
    String(horizon),
    String(ENDPOINT_RATE_LEDGER_SECONDS),
  ];
}

/**
 * `reserveEndpointSlots` as one atomic Redis script, shared by every worker.
 * KEYS 1 the endpoint's next free slot (ms)  2 its ledger: hash epoch second → slots reserved in it
 * ARGV 1 now ms  2 interval ms  3 want  4 horizon ms  5 seconds the ledger keeps
 * Returns the reserved slots (ms), earliest first. The ledger is the limiter's own account of what it
 * let through, second by second: kept a minute, read by tests and by anyone checking the limit
 * (`HGETALL`); every second in it holds at most `rate` slots.
 */
export const ENDPOINT_RATE_LUA = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local horizon = tonumber(ARGV[4])
local keep = tonumber(ARGV[5])
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
if next < now then next = now end
local slots = {}
while #slots < want and next < now + horizon do
  slots[#slots + 1] = next
  next = next + interval
end
if #slots == 0 then return slots end
redis.call('SET', KEYS[1], string.format('%d', next), 'PX', string.format('%d', next - now + 1000))
local counts = {}
for _, slot in ipairs(slots) do
  local second = string.format('%d', math.floor(slot / 1000))
  counts[second] = (counts[second] or 0) + 1
end
for second, n in pairs(counts) do redis.call('HINCRBY', KEYS[2], second, n) end
if redis.call('HLEN', KEYS[2]) > 2 * keep then
  local oldest = math.floor(now / 1000) - keep
  for _, second in ipairs(redis.call('HKEYS', KEYS[2])) do
    if tonumber(second) < oldest then redis.call('HDEL', KEYS[2], second) end
  end
end
redis.call('PEXPIRE', KEYS[2], (keep + 1) * 1000)
return slots
`.trim();

/** The Redis keys of an endpoint's limiter, sharing one hash tag (one Cluster slot). */
export function endpointRateKeys(prefix: string, endpointId: string): { next: string; ledger: string } {
  const base = `${prefix}:{event-endpoint:${endpointId}}`;
  return { next: `${base}:next-slot`, ledger: `${base}:rate-ledger` };
}
