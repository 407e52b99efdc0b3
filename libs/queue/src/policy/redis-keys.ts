// Redis keys of the sending policy, under the deployment's key prefix. Every key carries the
// hash tag `{policy}` so the multi-key admission script is valid on a Redis Cluster too (all
// policy keys share one slot). Ids are Meta ids (phone_number_id, portfolio id) and wa_id digits.

export interface PolicyKeys {
  /** Token bucket of a number: hash { units, at }. */
  bucket(phoneNumberId: string): string;
  /** The (number, user) pair: ms when it is free again. */
  pair(phoneNumberId: string, waId: string): string;
  /** 131056 strikes of a pair (Meta's 4^X retry). */
  pairStrikes(phoneNumberId: string, waId: string): string;
  /** Messaging-limit window: sorted set wa_id → ms of the latest business-initiated message. `scopeId` from `tierScopeId`. */
  tier(scopeId: string): string;
  /**
   * Set once `tier(scopeId)` holds what PostgreSQL knows; never expires. Gone means Redis lost the
   * window (a restart, a flush) and it is rebuilt from the sent rows before the next admission.
   */
  tierSeeded(scopeId: string): string;
  /** A number's next token held for one row: hash { id, until, priority }. */
  hold(phoneNumberId: string): string;
  /** A number's rows denied a token, in line: sorted set row id → `waitingScore`. */
  waiting(phoneNumberId: string): string;
  /** A number's reserved departures (`reserveDeparture`): sorted set of µs. */
  departures(phoneNumberId: string): string;
  /** A number's adaptation state: hash { slow_factor, slow_until, slow_from, slow_ramp, cool_until }. */
  number(phoneNumberId: string): string;
  /** Account-wide adaptation state: hash { cool_until }. */
  account(): string;
}

export function policyKeys(prefix = 'sendbook'): PolicyKeys {
  const base = `${prefix}:{policy}`;
  return {
    bucket: (id) => `${base}:bucket:${id}`,
    pair: (id, waId) => `${base}:pair:${id}:${waId}`,
    pairStrikes: (id, waId) => `${base}:strikes:${id}:${waId}`,
    tier: (scopeId) => `${base}:tier:${scopeId}`,
    tierSeeded: (scopeId) => `${base}:tier-seeded:${scopeId}`,
    number: (id) => `${base}:number:${id}`,
    hold: (id) => `${base}:hold:${id}`,
    waiting: (id) => `${base}:waiting:${id}`,
    departures: (id) => `${base}:departures:${id}`,
    account: () => `${base}:account`,
  };
}
