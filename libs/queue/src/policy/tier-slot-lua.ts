import type { MessagingLimit } from './messaging-tier.js';

/**
 * `tierDecision` for business-initiated messages as one atomic Redis script, so workers and API
 * instances cannot each admit "the 250th" user. The window is a sorted set: member wa_id, score
 * the ms of the latest business-initiated message to them.
 *
 * KEYS[1]  the scope's window (see `policyKeys.tier`)
 * ARGV[1]  now, integer ms; ARGV[2] limit (integer ≥ 1; skip the script when unlimited);
 * ARGV[3]  windowMs (86400000); ARGV[4] the recipient's wa_id
 * Returns  { 1, 0 } allowed, already counted (its time moves to now);
 *          { 1, 1 } allowed, a new slot taken (recorded now: a send that then fails keeps the slot
 *          until it ages out, erring on the safe side);
 *          { 0, notBeforeMs } wait.
 */
export const TIER_SLOT_LUA = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local member = ARGV[4]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZSCORE', KEYS[1], member) then
  redis.call('ZADD', KEYS[1], 'GT', now, member)
  redis.call('PEXPIRE', KEYS[1], window)
  return { 1, 0 }
end
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, member)
  redis.call('PEXPIRE', KEYS[1], window)
  return { 1, 1 }
end
local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return { 0, tonumber(oldest[2]) + window }
`.trim();

export function tierSlotArgs(now: Date, limit: Exclude<MessagingLimit, 'unlimited'>, windowMs: number, waId: string): [string, string, string, string] {
  return [String(Math.floor(now.getTime())), String(limit), String(windowMs), waId];
}

export function parseTierSlotReply(reply: unknown): { allowed: true; countsNewUser: boolean } | { allowed: false; notBefore: Date } {
  if (!Array.isArray(reply) || reply.length < 2) throw new TypeError('tier slot: unexpected script reply');
  return Number(reply[0]) === 1 ? { allowed: true, countsNewUser: Number(reply[1]) === 1 } : { allowed: false, notBefore: new Date(Number(reply[1])) };
}

/**
 * Reference: TIER_SLOT_LUA executed by hand in JS on a Map standing in for the sorted set
 * (mutated, like Redis). ZRANGE orders by score, then member, ascending.
 */
export function runTierSlotLua(zset: Map<string, number>, argv: readonly string[]): [number, number] {
  const now = Number(argv[0]);
  const limit = Number(argv[1]);
  const window = Number(argv[2]);
  const member = argv[3];
  for (const [key, score] of zset) if (score <= now - window) zset.delete(key);
  const score = zset.get(member);
  if (score !== undefined) {
    zset.set(member, Math.max(score, now));
    return [1, 0];
  }
  const count = zset.size;
  if (count < limit) {
    zset.set(member, now);
    return [1, 1];
  }
  const ordered = [...zset].sort(([ma, a], [mb, b]) => a - b || (ma < mb ? -1 : ma > mb ? 1 : 0));
  return [0, ordered[count - limit][1] + window];
}
