import { waitingScore, type Admission, type AdmissionReason } from './admission.js';
import { DEFAULT_SLOW_DOWN, type SlowDownOptions } from './throughput.js';
import { TOKEN_UNITS, type BucketRate } from './token-bucket.js';
import type { MessagingLimit } from './messaging-tier.js';

/**
 * `decideAdmission` as one atomic Redis script, shared by every worker: cooling, the pair
 * (`takePairSlot`), the messaging limit (`tierDecision`), then the token (`takeToken` at the
 * rate `effectiveThroughput` gives a slowed number), the waiting line and the token hold. It
 * checks everything before it takes anything. test/rules/ runs it against the TypeScript rule
 * on a real Redis.
 *
 * KEYS  1 bucket  2 pair  3 tier window  4 number state  5 account state  6 token hold
 *       7 waiting line  (see `policyKeys`)
 * ARGV  1 now ms  2 ratePerSec  3 burst  4 pairIntervalMs
 *       5 tier: limit ≥ 1, -1 = unlimited (record only), 0 = not business-initiated (skip)
 *       6 tierWindowMs  7 the recipient's wa_id  8 the row's id  9 its priority
 *       10 its place score (`waitingScore`)  11 hold grace ms  12 lead ms (a token due within it
 *       may be taken now: `takeToken`)
 * Returns { 1, newUser 0|1, nextTokenAtMs, sendAtMs } admitted, or { 0, reason, retryAtMs[, place, tokenUs] }
 *         with reason 1 cooling, 2 pair, 3 tier, 4 rate (place: rows ahead in the waiting line;
 *         tokenUs: µs between tokens at the rate in force).
 */
export const ADMISSION_LUA = `
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local pair_interval = tonumber(ARGV[4])
local tier_limit = tonumber(ARGV[5])
local tier_window = tonumber(ARGV[6])
local member = ARGV[7]
local row_id = ARGV[8]
local priority = tonumber(ARGV[9])
local place_score = tonumber(ARGV[10])
local hold_grace = tonumber(ARGV[11])
local lead = tonumber(ARGV[12] or '0')

local number_state = redis.call('HMGET', KEYS[4], 'slow_factor', 'slow_until', 'cool_until', 'slow_from', 'slow_ramp')
local cool = math.max(tonumber(number_state[3] or '0'), tonumber(redis.call('HGET', KEYS[5], 'cool_until') or '0'))
if cool > now then return { 0, 1, cool } end

local free_at = tonumber(redis.call('GET', KEYS[2]) or '0')
if free_at > now then return { 0, 2, free_at } end

local new_user = 0
if tier_limit ~= 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tier_window)
  if not redis.call('ZSCORE', KEYS[3], member) then
    local count = redis.call('ZCARD', KEYS[3])
    if tier_limit > 0 and count >= tier_limit then
      local oldest = redis.call('ZRANGE', KEYS[3], count - tier_limit, count - tier_limit, 'WITHSCORES')
      return { 0, 3, tonumber(oldest[2]) + tier_window }
    end
    new_user = 1
  end
end

-- The key lives until the bucket would be full even at the slowest rate a slowdown can bring, so
-- a slowdown that starts after this admission never finds the bucket gone while it refills.
-- A bucket taken ahead holds less than nothing: up to the lead's worth more to refill.
local slowest_fill_ms = math.ceil((burst * ${TOKEN_UNITS} + math.floor(lead * rate * 1000)) / (rate * 1000 * ${DEFAULT_SLOW_DOWN.minFactor}))
if tonumber(number_state[2] or '0') > now then
  -- slowFactorAt: the cut factor, climbing back from slow_from by slow_ramp per ms.
  local factor = math.min(1, tonumber(number_state[1] or '1') + math.max(0, now - tonumber(number_state[4] or '0')) * tonumber(number_state[5] or '0'))
  rate = rate * factor
  burst = math.max(1, math.floor(burst * factor))
end
local per_ms = rate * 1000
local capacity = burst * ${TOKEN_UNITS}
local lead_units = math.floor(lead * per_ms)
local stored = redis.call('HMGET', KEYS[1], 'units', 'at')
local units = capacity
local at = now
if stored[1] and stored[2] then
  local last = tonumber(stored[2])
  at = math.max(now, last)
  units = math.min(capacity, tonumber(stored[1]) + math.floor((at - last) * per_ms))
end
local hold = redis.call('HMGET', KEYS[6], 'id', 'until', 'priority')
local held = hold[1] and tonumber(hold[2]) >= now
local held_for_other = held and hold[1] ~= row_id and tonumber(hold[3]) > priority
if units + lead_units < ${TOKEN_UNITS} or held_for_other then
  local retry_at = at
  if units + lead_units < ${TOKEN_UNITS} then retry_at = at + math.ceil((${TOKEN_UNITS} - lead_units - units) / per_ms) end
  if held_for_other then retry_at = math.max(retry_at, tonumber(hold[2]) + math.ceil(${TOKEN_UNITS} / per_ms)) end
  redis.call('ZADD', KEYS[7], place_score, row_id)
  redis.call('PEXPIRE', KEYS[7], 600000)
  local place = redis.call('ZRANK', KEYS[7], row_id)
  if place == 0 and not held_for_other then
    redis.call('HSET', KEYS[6], 'id', row_id, 'until', retry_at + hold_grace, 'priority', priority)
    redis.call('PEXPIRE', KEYS[6], retry_at + hold_grace - now + 1000)
  end
  return { 0, 4, retry_at, place, math.ceil(1000000000 / per_ms) }
end
if held and hold[1] == row_id then redis.call('DEL', KEYS[6]) end
redis.call('ZREM', KEYS[7], row_id)

local send_at = at
if units < ${TOKEN_UNITS} then send_at = at + math.ceil((${TOKEN_UNITS} - units) / per_ms) end
units = units - ${TOKEN_UNITS}
redis.call('HSET', KEYS[1], 'units', units, 'at', at)
redis.call('PEXPIRE', KEYS[1], slowest_fill_ms + (at - now) + 1000)
redis.call('SET', KEYS[2], now + pair_interval, 'PX', pair_interval)
if tier_limit ~= 0 then
  -- GT: a counted user's time only moves forward; a new user is added.
  redis.call('ZADD', KEYS[3], 'GT', now, member)
  redis.call('PEXPIRE', KEYS[3], tier_window)
end
local next_token = at
if units + lead_units < ${TOKEN_UNITS} then next_token = at + math.ceil((${TOKEN_UNITS} - lead_units - units) / per_ms) end
return { 1, new_user, next_token, send_at }
`.trim();

/**
 * After 130429: `slowDown`: cut the factor in force by ARGV 2 (never under the floor), hold it,
 * then climb back; a refusal during the hold changes nothing.
 * KEYS 1 number state · ARGV 1 now ms, 2 factor, 3 hold ms, 4 climb per ms, 5 minFactor
 * Returns the cut factor as a string.
 */
export const SLOW_DOWN_LUA = `
local now = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'slow_factor', 'slow_until', 'cool_until', 'slow_from', 'slow_ramp')
local current = 1
if tonumber(state[2] or '0') > now then
  local from = tonumber(state[4] or '0')
  if now < from then return state[1] end
  current = math.min(1, tonumber(state[1]) + math.max(0, now - from) * tonumber(state[5] or '0'))
end
local cut = math.max(tonumber(ARGV[5]), current * tonumber(ARGV[2]))
local ramp = tonumber(ARGV[4])
local from = now + tonumber(ARGV[3])
local until_ms = from + math.ceil((1 - cut) / ramp)
-- 17 significant digits: the stored factor is the double computed (tostring keeps only 14).
local factor = string.format('%.17g', cut)
redis.call('HSET', KEYS[1], 'slow_factor', factor, 'slow_until', until_ms, 'slow_from', from, 'slow_ramp', ARGV[4])
-- The hash also holds the cooling: it lives until both are over.
redis.call('PEXPIRE', KEYS[1], math.max(until_ms, tonumber(state[3] or '0'), now + 1) - now + 60000)
return factor
`.trim();

/** ARGV for SLOW_DOWN_LUA (the climb per ms as JavaScript writes it: Lua reads back the same double). */
export function slowDownArgs(now: Date, options: SlowDownOptions): [string, string, string, string, string] {
  return [String(Math.floor(now.getTime())), String(options.factor), String(options.holdMs), String(1 / options.recoverMs), String(options.minFactor)];
}

/**
 * A short, self-ending stop (131057 maintenance, API call limits): cooling until at least `until`.
 * KEYS 1 number or account state · ARGV 1 now ms, 2 until ms · Returns the cooling end.
 */
export const COOL_DOWN_LUA = `
local now = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'cool_until', 'slow_until')
local until_ms = math.max(tonumber(ARGV[2]), tonumber(state[1] or '0'))
redis.call('HSET', KEYS[1], 'cool_until', until_ms)
-- A number's hash also holds its slowdown: it lives until both are over.
redis.call('PEXPIRE', KEYS[1], math.max(until_ms, tonumber(state[2] or '0'), now + 1) - now + 60000)
return until_ms
`.trim();

const REASONS: Readonly<Record<number, AdmissionReason>> = { 1: 'cooling', 2: 'pair', 3: 'tier', 4: 'rate' };

/** The tier argument: 0 skips the tier (a reply inside the customer-service window), -1 records without limit. */
export function tierArg(limit: MessagingLimit, businessInitiated: boolean): number {
  if (!businessInitiated) return 0;
  return limit === 'unlimited' ? -1 : limit;
}

export function admissionArgs(input: {
  now: Date;
  rate: BucketRate;
  pairIntervalMs: number;
  tierLimit: number;
  tierWindowMs: number;
  waId: string;
  rowId: string;
  priority: number;
  createdAt: Date;
  holdGraceMs: number;
  /** See `takeToken`: 0 takes only a token that is there. */
  leadMs?: number;
}): string[] {
  return [
    String(Math.floor(input.now.getTime())),
    String(input.rate.ratePerSec),
    String(input.rate.burst),
    String(input.pairIntervalMs),
    String(input.tierLimit),
    String(input.tierWindowMs),
    input.waId,
    input.rowId,
    String(input.priority),
    String(waitingScore(input.priority, input.createdAt)),
    String(input.holdGraceMs),
    String(Math.max(0, input.leadMs ?? 0)),
  ];
}

export function parseAdmissionReply(reply: unknown): Admission {
  if (!Array.isArray(reply) || reply.length < 3) throw new TypeError('admission: unexpected script reply');
  const [ok, detail, at, fourth, tokenUs] = reply.map(Number);
  if (ok === 1) {
    if (reply.length < 4) throw new TypeError('admission: unexpected script reply');
    return { admitted: true, countsNewUser: detail === 1, nextTokenAt: new Date(at), sendAt: new Date(fourth) };
  }
  const place = fourth;
  const reason = REASONS[detail];
  if (!reason) throw new TypeError(`admission: unknown denial reason ${detail}`);
  return reply.length > 3 ? { admitted: false, reason, retryAt: new Date(at), place, tokenUs } : { admitted: false, reason, retryAt: new Date(at) };
}

/**
 * When a row denied a token comes back: the next token, plus one token's spacing (`tokenUs`, at
 * the rate in force, so a slowed number spaces its line wider) for every row of the same number
 * waiting before it (higher priority, or as high and older). So a backlog of n due rows spreads
 * over the next n tokens instead of all retrying at the next one, and a high-priority row
 * (nothing ahead of it) takes the very next token.
 */
export function rateRetryAt(nextTokenAt: Date, rowsAhead: number, tokenUs: number): Date {
  return new Date(nextTokenAt.getTime() + Math.ceil((Math.max(0, rowsAhead) * tokenUs) / 1000));
}
