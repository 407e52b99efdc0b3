// The last gate before a send leaves for Meta. The token bucket spaces admissions, but Meta counts
// arrivals on its side of the wire, and between the two lie the claim's commit, a pooled or new
// connection, the event loop and the network: a send that comes late and the on-time sends behind
// it arrive bunched, and a sliding second can reach the cap. So each send reserves its departure
// moment here, right before its bytes are written, and DEPARTURE_LUA keeps every number's
// reservations, across all workers:
//   - never closer together than 1000/`spacingPerSec` ms (a little faster than the bucket admits,
//     so late sends catch up, never as fast as the cap), and
//   - never more than `cap` of them in any window of 1 s + `marginMs`.
// The second is the guarantee: as long as no send reaches Meta more than `marginMs` after its
// reserved moment, no sliding second at Meta holds more than `cap` (any second of arrivals holds
// only sends reserved in the second before it, widened by the margin). A send that leaves later
// than that reserves again (`isLateDeparture`), the late reservation still counted.
// Times are whole microseconds so the Lua computes exactly what this computes.

export interface DepartureRule {
  /** What Meta allows in any sliding second: the number's configured rate (80, or up to 1,000). */
  cap: number;
  /** The fastest a number's sends leave, per second: between the rate admitted and the cap. */
  spacingPerSec: number;
  /** How late after its reserved moment a send may still reach Meta (the window is 1 s plus this). */
  marginMs: number;
}

/** A number's reserved departures, µs, oldest first (only the last `cap` within the window matter). */
export type Departures = readonly number[];

/** The shortest gap between two departures of a number, in µs. */
export function departureGapUs(rule: Pick<DepartureRule, 'spacingPerSec'>): number {
  return Math.max(1, Math.ceil(1e6 / rule.spacingPerSec));
}

export function departureWindowUs(rule: DepartureRule): number {
  return (1000 + Math.max(0, Math.floor(rule.marginMs))) * 1000;
}

/** Throws RangeError unless the cap is a positive whole number of messages. */
export function assertDepartureRule(rule: DepartureRule): void {
  if (!Number.isInteger(rule.cap) || rule.cap < 1) throw new RangeError(`departure gate: cap must be an integer ≥ 1, got ${rule.cap}`);
  if (!(rule.spacingPerSec > 0) || !Number.isFinite(rule.spacingPerSec))
    throw new RangeError(`departure gate: spacingPerSec must be > 0, got ${rule.spacingPerSec}`);
}

/**
 * The earliest moment at or after `nowUs` that keeps the gap after the latest reservation and
 * leaves fewer than `cap` reservations in the window ending there; reserved (the state after
 * holds it, trimmed to what can still matter). Reservations only move forward in time, so the
 * `cap`-th newest is the one that must leave the window first.
 */
export function reserveDeparture(recent: Departures, nowUs: number, rule: DepartureRule): { departUs: number; recent: number[] } {
  assertDepartureRule(rule);
  const gapUs = departureGapUs(rule);
  const windowUs = departureWindowUs(rule);
  let departUs = Math.floor(nowUs);
  const last = recent.at(-1);
  if (last !== undefined) departUs = Math.max(departUs, last + gapUs);
  if (recent.length >= rule.cap) {
    const leaving = recent[recent.length - rule.cap]!;
    if (leaving > departUs - windowUs) departUs = leaving + windowUs;
  }
  const kept = [...recent, departUs].filter((t) => t > Math.floor(nowUs) - windowUs);
  return { departUs, recent: kept.slice(Math.max(0, kept.length - rule.cap)) };
}

/**
 * A send that leaves this much after its reserved moment may land beside the sends reserved after
 * it: it reserves again. A quarter of the margin, so the rest covers the way to Meta.
 */
export function isLateDeparture(reservedUs: number, leavingUs: number, rule: DepartureRule): boolean {
  return leavingUs - reservedUs > (Math.max(0, rule.marginMs) * 1000) / 4;
}

/**
 * `reserveDeparture` as one atomic Redis script, shared by every worker.
 * KEYS[1] the number's departures (sorted set, score = member = µs; `policyKeys.departures`)
 * ARGV    1 now µs  2 cap  3 window µs  4 gap µs
 * Returns the reserved departure, µs.
 */
export const DEPARTURE_LUA = `
local now = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local gap = tonumber(ARGV[4])
local depart = now
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then depart = math.max(depart, tonumber(last[2]) + gap) end
local leaving = redis.call('ZRANGE', KEYS[1], -cap, -cap, 'WITHSCORES')
-- Fewer than cap reserved: the range is empty.
if leaving[2] and tonumber(leaving[2]) > depart - window then
  depart = tonumber(leaving[2]) + window
end
local member = string.format('%d', depart)
redis.call('ZADD', KEYS[1], depart, member)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(cap + 1))
redis.call('PEXPIRE', KEYS[1], math.ceil((depart - now + window) / 1000) + 1000)
return member
`.trim();

export function departureArgs(nowUs: number, rule: DepartureRule): [string, string, string, string] {
  return [String(Math.floor(nowUs)), String(rule.cap), String(departureWindowUs(rule)), String(departureGapUs(rule))];
}
