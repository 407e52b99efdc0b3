// Redis keys of the sending policy, under the deployment's key prefix. Every key carries a hash tag,
// so each script's keys share one slot on a Redis Cluster (and a single Redis ignores the braces).
// Ids are Meta ids (phone_number_id, portfolio id) and wa_id digits.
//
// Which slot: the admission script counts a send against the messaging-limit window, so a number's
// admission keys (bucket, pair, hold, waiting line, adaptation state, account state) live in the
// slot of the window they count in. With a portfolio-wide limit (MESSAGING_LIMIT_SCOPE=portfolio,
// Meta's rule since 2025) that is one slot for every number, `{policy}`, as the window is one
// sorted set; with per-number limits each number has a slot of its own, `{policy:<number id>}`,
// which spreads them over the cluster's masters. The departure gate, used on every send and always
// alone, is in the number's own slot either way.

import type { TierScope } from './messaging-tier.js';

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
  /** Account-wide adaptation state: hash { cool_until }. What `GET /v1/numbers` reads. */
  account(): string;
  /**
   * The account state a number's admission reads, in its slot: `account()` itself when every number
   * shares one slot; per number a copy, which an account-wide cooling writes to each number's.
   */
  accountOf(phoneNumberId: string): string;
  /** Whether each number's admission keys have a slot of their own (then `accountOf` is a copy). */
  readonly slotPerNumber: boolean;
}

export function policyKeys(prefix = 'sendbook', tierScope: TierScope = 'portfolio'): PolicyKeys {
  const shared = `${prefix}:{policy}`;
  const own = (id: string) => `${prefix}:{policy:${id}}`;
  const slotPerNumber = tierScope === 'number';
  /** Where a number's admission keys live: beside its messaging-limit window. */
  const admission = (id: string) => (slotPerNumber ? own(id) : shared);
  /** A window's slot: a number's own (scope `number:<id>`), else the shared one. */
  const window = (scopeId: string) => (slotPerNumber && scopeId.startsWith('number:') ? own(scopeId.slice('number:'.length)) : shared);
  return {
    bucket: (id) => `${admission(id)}:bucket:${id}`,
    pair: (id, waId) => `${admission(id)}:pair:${id}:${waId}`,
    pairStrikes: (id, waId) => `${admission(id)}:strikes:${id}:${waId}`,
    tier: (scopeId) => `${window(scopeId)}:tier:${scopeId}`,
    tierSeeded: (scopeId) => `${window(scopeId)}:tier-seeded:${scopeId}`,
    number: (id) => `${admission(id)}:number:${id}`,
    hold: (id) => `${admission(id)}:hold:${id}`,
    waiting: (id) => `${admission(id)}:waiting:${id}`,
    departures: (id) => `${own(id)}:departures:${id}`,
    account: () => `${shared}:account`,
    accountOf: (id) => (slotPerNumber ? `${own(id)}:account` : `${shared}:account`),
    slotPerNumber,
  };
}
