import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ADMISSION_LUA,
  COOL_DOWN_LUA,
  DEPARTURE_LUA,
  DEFAULT_SLOW_DOWN,
  PAIR_PUSH_LUA,
  SLOW_DOWN_LUA,
  slowDownArgs,
  slowFactorAt,
  adaptationFor,
  admissionArgs,
  applyQuietHours,
  departureArgs,
  pairSlotArgs,
  parseAdmissionReply,
  policyKeys,
  quietWindowFor,
  rateRetryAt,
  recipientTimeZone,
  tierArg,
  TIER_WINDOW_MS,
  type BucketRate,
  type DepartureRule,
  type PolicyAction,
  type RowError,
} from '@sendbook/queue';
import { decideFreeFormAt } from '@sendbook/whatsapp';
import type { RedisClient } from '../../infra/redis-clients.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { MessagingLimitsRepository } from './messaging-limits.repository.js';

/** What the gate needs to know about a queued row (one query, see OutboxRepository.peek). */
export interface SendCandidate {
  id: string;
  phoneNumberId: string;
  to: string;
  toWaId: string;
  purpose: string;
  priority: number;
  createdAt: Date;
  contactTimeZone: string | null;
  windowOpenUntil: Date | null;
  /** The first of this user's due rows in sending order (priority, not_before, creation). */
  pairHeadId: string | null;
}

/** `last_error.code` of rows waiting for a messaging-limit slot: a raised limit releases them. */
export { MESSAGING_LIMIT_WAIT } from './messaging-limits.repository.js';

export type GateReason = 'quiet_hours' | 'pair_order' | 'cooling' | 'pair' | 'tier' | 'rate';
/** `go`: send at `sendAt` (now, or a token taken a moment ahead: `leadMsFor`). */
export type GateResult = { kind: 'go'; countsNewUser: boolean; sendAt: Date } | { kind: 'wait'; until: Date; reason: GateReason };

/** What a rejection changed in the policy, beyond the row's own decision. */
export interface Adaptation {
  action: PolicyAction;
  /** The row must not come back before this (a pushed pair, a cooling number). */
  notBefore: Date | null;
}

const STRIKES_TTL_MS = 60 * 60 * 1000;
/** Retries spread over at most this many coming tokens; rows further back come again later. */
const MAX_AHEAD = 1000;
/** How long this process trusts that a messaging-limit window it saw seeded still is. */
const SEEDED_RECHECK_MS = 1_000;
/** How long a held token waits for its row's job to come back. */
const HOLD_GRACE_MS = 100;
/** A token due within this many tokens' time (and at most `LEAD_MAX_MS`) is taken ahead. */
const LEAD_TOKENS = 3;
const LEAD_MAX_MS = 50;

/**
 * How far ahead a row may take its number's token and wait for it in the sender: a job comes
 * back a few ms after it was told, and a bucket of one token left unused refills nothing, so
 * taking only a token that is there lost that time on every send (measured: 52 of the 72 msg/s
 * aimed for). A few tokens' time, never more than 50 ms: so a waiting sender holds its worker
 * slot briefly, and at 1,000 msg/s only a few ms.
 */
export function leadMsFor(ratePerSec: number): number {
  return Math.min(LEAD_MAX_MS, Math.floor((LEAD_TOKENS * 1000) / ratePerSec));
}

/**
 * The sending policy wired to Redis: quiet hours and per-user order are decided from the row;
 * cooling, pair pacing, the messaging limit and the number's token bucket in one atomic script
 * shared by every worker and API instance. Nothing here sleeps: a row that may not go now gets a
 * time to come back (`not_before`), and counts no attempt.
 */
@Injectable()
export class SendingPolicy implements OnModuleInit {
  private readonly keys;
  /** Scopes whose window this process saw seeded, and when; forgotten when the connection drops. */
  private readonly seededSeen = new Map<string, number>();
  /**
   * Redis may have lost recent writes while it still holds the window's seeded mark: a Redis Cluster
   * master failed over to a replica that had not yet received them (replication is asynchronous).
   * Set when this process saw a connection or node drop; the next admission tops the window up
   * from PostgreSQL's sent rows, as after a restart, whether or not the mark is there.
   */
  private distrustedAt = 0;
  /** When each scope's window was last topped up from PostgreSQL by this process. */
  private readonly toppedUpAt = new Map<string, number>();
  /** Numbers this process admitted for: an account-wide cooling is copied to each (`accountOf`). */
  private readonly numbersSeen = new Set<string>();
  /** One rebuild per scope at a time: a burst of first admissions waits for the same one. */
  private readonly seeding = new Map<string, Promise<void>>();

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly limits: MessagingLimitsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.keys = policyKeys(config.redisPrefix, config.policy.tierScope);
  }

  onModuleInit(): void {
    // A dropped connection: Redis may have restarted empty. A cluster that lost a node (a master
    // failed over): the slot's new master may lack the newest writes. Either way the window is
    // topped up from PostgreSQL before the next admission.
    this.redis.on('close', () => this.distrust());
    this.redis.on('-node', () => this.distrust());
    // EVALSHA with a fallback to EVAL: the scripts are sent once per connection.
    this.redis.defineCommand('sendbookAdmit', { numberOfKeys: 7, lua: ADMISSION_LUA });
    this.redis.defineCommand('sendbookSlowDown', { numberOfKeys: 1, lua: SLOW_DOWN_LUA });
    this.redis.defineCommand('sendbookCoolDown', { numberOfKeys: 1, lua: COOL_DOWN_LUA });
    this.redis.defineCommand('sendbookPairPush', { numberOfKeys: 1, lua: PAIR_PUSH_LUA });
    this.redis.defineCommand('sendbookDepart', { numberOfKeys: 1, lua: DEPARTURE_LUA });
  }

  /** The rate the bucket runs at: configured, less the headroom kept for network jitter. */
  effectiveRate(phoneNumberId: string): BucketRate & { configured: number } {
    const rates = this.config.policy.numberRates;
    const configured = Object.hasOwn(rates, phoneNumberId) ? rates[phoneNumberId]! : this.config.policy.ratePerSecond;
    const headroom = this.config.policy.rateHeadroom;
    return { configured, ratePerSec: configured * (1 - headroom), burst: burstFor(configured, headroom) };
  }

  /**
   * What the departure gate keeps a number's sends to: Meta's count, as configured, with the margin
   * for the way there; spaced at the rate that keeps half the headroom (76 msg/s of 80), so sends
   * that came late catch up with the bucket's 72 without ever going out at the cap's pace.
   */
  departureRule(phoneNumberId: string): DepartureRule {
    const { configured } = this.effectiveRate(phoneNumberId);
    return {
      cap: Math.max(1, Math.floor(configured)),
      spacingPerSec: configured * (1 - this.config.policy.rateHeadroom / 2),
      marginMs: this.config.policy.departureMarginMs,
    };
  }

  /** Reserves the moment this number's next send may be written (µs), shared by every worker: `reserveDeparture`. */
  async reserveDeparture(phoneNumberId: string, rule: DepartureRule, nowUs: number): Promise<number> {
    return Number(await (this.redis as unknown as Scripts).sendbookDepart(this.keys.departures(phoneNumberId), ...departureArgs(nowUs, rule)));
  }

  pairIntervalMs(): number {
    return this.config.policy.pairIntervalMs + this.config.policy.pairMarginMs;
  }

  async admit(row: SendCandidate, now: Date): Promise<GateResult> {
    const quiet = quietWindowFor(this.config.policy.quietHours, row.purpose);
    if (quiet) {
      const zone = recipientTimeZone({ contactTimeZone: row.contactTimeZone, e164: row.to }) ?? this.config.policy.defaultTimeZone;
      const until = applyQuietHours(now, zone, quiet);
      if (until.getTime() > now.getTime()) return { kind: 'wait', until, reason: 'quiet_hours' };
    }
    // Another of this user's rows goes first; it takes the next pair slot, this one the one after.
    if (row.pairHeadId && row.pairHeadId !== row.id) return { kind: 'wait', until: new Date(now.getTime() + this.pairIntervalMs()), reason: 'pair_order' };

    // Outside the customer-service window a message is business-initiated: it counts against the limit.
    const businessInitiated = decideFreeFormAt(row.windowOpenUntil, now) === 'closed';
    const scope = this.limits.scopeOf(row.phoneNumberId);
    const rate = this.effectiveRate(row.phoneNumberId);
    const tierLimit = tierArg(await this.limits.limitFor(scope), businessInitiated);
    if (tierLimit !== 0) await this.ensureTierWindow(scope, now);
    this.numbersSeen.add(row.phoneNumberId);
    const reply = await (this.redis as unknown as Scripts).sendbookAdmit(
      this.keys.bucket(row.phoneNumberId),
      this.keys.pair(row.phoneNumberId, row.toWaId),
      this.keys.tier(scope),
      this.keys.number(row.phoneNumberId),
      this.keys.accountOf(row.phoneNumberId),
      this.keys.hold(row.phoneNumberId),
      this.keys.waiting(row.phoneNumberId),
      ...admissionArgs({
        now,
        rate,
        pairIntervalMs: this.pairIntervalMs(),
        tierLimit,
        tierWindowMs: TIER_WINDOW_MS,
        waId: row.toWaId,
        rowId: row.id,
        priority: row.priority,
        createdAt: row.createdAt,
        // The head of the line keeps its token this long past its retry, for its job to come back.
        holdGraceMs: Math.max(HOLD_GRACE_MS, Math.ceil((4 * 1000) / rate.ratePerSec)),
        leadMs: leadMsFor(rate.ratePerSec),
      }),
    );
    const admission = parseAdmissionReply(reply);
    if (admission.admitted) return { kind: 'go', countsNewUser: admission.countsNewUser, sendAt: admission.sendAt };
    if (admission.reason !== 'rate') return { kind: 'wait', until: admission.retryAt, reason: admission.reason };
    return {
      kind: 'wait',
      until: rateRetryAt(admission.retryAt, Math.min(admission.place ?? 0, MAX_AHEAD), admission.tokenUs ?? 1e6 / rate.ratePerSec),
      reason: 'rate',
    };
  }

  /**
   * The messaging-limit window lives in Redis. When Redis has lost it (restarted empty, flushed),
   * every user reached today would look new and up to a whole limit's worth more could be reached
   * than Meta allows; so it is rebuilt from PostgreSQL first. When it may have lost only its newest
   * entries (a failover), the same rebuild tops it up. Concurrent rebuilds add the same users.
   */
  private async ensureTierWindow(scope: string, now: Date): Promise<void> {
    // Seen seeded within the last second on this connection: a flush without a reconnect is caught a second later.
    if (!this.distrusted(scope) && now.getTime() - (this.seededSeen.get(scope) ?? -Infinity) < SEEDED_RECHECK_MS) return;
    let pending = this.seeding.get(scope);
    if (!pending) {
      pending = this.seedTierWindow(scope, now).finally(() => this.seeding.delete(scope));
      this.seeding.set(scope, pending);
    }
    await pending;
  }

  private async seedTierWindow(scope: string, now: Date): Promise<void> {
    const seeded = this.keys.tierSeeded(scope);
    const topUp = this.distrusted(scope);
    // Noted before it runs: a drop while it runs asks for another.
    const startedAt = Date.now();
    if (topUp || (await this.redis.exists(seeded)) !== 1) {
      const users = await this.limits.usersReachedFromRows(scope, now);
      const tier = this.keys.tier(scope);
      const multi = this.redis.multi();
      if (users.length > 0) {
        // GT: a time the window already holds (a send admitted meanwhile) only moves forward.
        multi.zadd(tier, 'GT', ...users.flatMap((u) => [u.lastAt.getTime(), u.waId]));
        multi.pexpire(tier, TIER_WINDOW_MS);
      }
      multi.set(seeded, String(now.getTime()));
      const results = await multi.exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (failed) throw failed;
      if (topUp) this.toppedUpAt.set(scope, startedAt);
    }
    this.seededSeen.set(scope, now.getTime());
  }

  /**
   * The admission counted the pair's next slot from when the row was looked at. A claim that came
   * much later (a stalled event loop, statements queued in a burst) would let the user's next
   * message reach Meta less than PAIR_INTERVAL_MS after this one: the slot is counted again from
   * `at`, the moment the send leaves, and never moved earlier.
   */
  async pairSendingAt(row: Pick<SendCandidate, 'phoneNumberId' | 'toWaId'>, at: Date): Promise<void> {
    await (this.redis as unknown as Scripts).sendbookPairPush(this.keys.pair(row.phoneNumberId, row.toWaId), ...pairSlotArgs(at, this.pairIntervalMs()));
  }

  /** After a rejection: slow the number, push the pair, cool down, or say what to pause. */
  async adapt(row: Pick<SendCandidate, 'phoneNumberId' | 'toWaId'>, error: RowError, now: Date): Promise<Adaptation> {
    const scripts = this.redis as unknown as Scripts;
    const options = { pairIntervalMs: this.pairIntervalMs() };
    let strikes = 0;
    if (Number(error.code) === 131056) {
      const key = this.keys.pairStrikes(row.phoneNumberId, row.toWaId);
      const [[, count]] = (await this.redis.multi().incr(key).pexpire(key, STRIKES_TTL_MS).exec()) as [[unknown, number]];
      strikes = Number(count) - 1;
    }
    const action = adaptationFor({ code: error.code }, { now, pairStrikes: strikes, options });
    const at = String(now.getTime());
    switch (action.kind) {
      case 'slow_number':
        await scripts.sendbookSlowDown(
          this.keys.number(row.phoneNumberId),
          ...slowDownArgs(now, { factor: action.factor, holdMs: action.holdMs, recoverMs: action.recoverMs, minFactor: DEFAULT_SLOW_DOWN.minFactor }),
        );
        return { action, notBefore: null };
      case 'push_pair': {
        const freeAt = await scripts.sendbookPairPush(this.keys.pair(row.phoneNumberId, row.toWaId), ...pairSlotArgs(now, action.delayMs));
        return { action, notBefore: new Date(Number(freeAt)) };
      }
      case 'cool': {
        if (action.scope === 'account') return { action, notBefore: await this.coolAccount(row.phoneNumberId, at, action.until) };
        const until = await scripts.sendbookCoolDown(this.keys.number(row.phoneNumberId), at, String(action.until.getTime()));
        return { action, notBefore: new Date(Number(until)) };
      }
      default:
        return { action, notBefore: null };
    }
  }

  /**
   * An account-wide cooling (API call limits): the account state, and where each number admits in
   * a slot of its own, the copy there of every number known (configured, seen in webhooks, admitted
   * here). A number none of those knows yet cools when Meta refuses it in turn.
   */
  private async coolAccount(phoneNumberId: string, at: string, until: Date): Promise<Date> {
    const scripts = this.redis as unknown as Scripts;
    const cooled = Number(await scripts.sendbookCoolDown(this.keys.account(), at, String(until.getTime())));
    if (this.keys.slotPerNumber) {
      const numbers = new Set([
        phoneNumberId,
        this.config.whatsapp.phoneNumberId,
        ...Object.keys(this.config.policy.numberRates),
        ...this.numbersSeen,
        ...(await this.limits.knownNumberIds()),
      ]);
      // Each in its own slot: one command each, not one transaction.
      await Promise.all([...numbers].map((id) => scripts.sendbookCoolDown(this.keys.accountOf(id), at, String(cooled))));
    }
    return new Date(cooled);
  }

  /** This process saw Redis drop a connection or a node: every window is topped up before its next admission. */
  private distrust(): void {
    this.distrustedAt = Date.now();
    this.seededSeen.clear();
  }

  private distrusted(scope: string): boolean {
    return (this.toppedUpAt.get(scope) ?? 0) <= this.distrustedAt && this.distrustedAt > 0;
  }

  /** A number's live policy state, for `GET /v1/numbers`. */
  async usage(phoneNumberId: string, now: Date) {
    const scope = this.limits.scopeOf(phoneNumberId);
    const [state, account, usersInWindow, limit] = await Promise.all([
      this.redis.hmget(this.keys.number(phoneNumberId), 'slow_factor', 'slow_until', 'cool_until', 'slow_from', 'slow_ramp'),
      this.redis.hget(this.keys.account(), 'cool_until'),
      this.redis.zcount(this.keys.tier(scope), `(${now.getTime() - TIER_WINDOW_MS}`, '+inf'),
      this.limits.limitFor(scope),
    ]);
    const slowUntil = Number(state[1] ?? 0);
    const coolUntil = Math.max(Number(state[2] ?? 0), Number(account ?? 0));
    const rate = this.effectiveRate(phoneNumberId);
    const slowed = slowUntil > now.getTime();
    const slowdown = slowed
      ? { factor: Number(state[0] ?? 1), rampFrom: new Date(Number(state[3] ?? 0)), rampPerMs: Number(state[4] ?? 0), until: new Date(slowUntil) }
      : null;
    return {
      rate_per_second: rate.configured,
      effective_rate_per_second: rate.ratePerSec * slowFactorAt(slowdown, now),
      slowed_until: slowed ? new Date(slowUntil).toISOString() : null,
      cooling_until: coolUntil > now.getTime() ? new Date(coolUntil).toISOString() : null,
      messaging_limit: { scope: this.config.policy.tierScope, scope_id: scope, limit, users_in_window: usersInWindow },
    };
  }
}

/**
 * Tokens a bucket may hold: an eighth of the headroom, at least one (80 msg/s with 10 %: 1;
 * 1,000 msg/s: 12, so concurrent workers do not collide on a single token every millisecond). Any
 * one-second window carries at most rate × (1 − headroom) + burst − 1 by admission time; the rest
 * of the headroom is for the jitter between admission and Meta's clock, which bunched up to 7 of
 * 80 sends into one second in `npm run bench` (a burst of 2 there met a 130429).
 */
export function burstFor(configuredPerSec: number, headroom: number): number {
  return Math.max(1, Math.floor((configuredPerSec * headroom) / 8));
}

/** The scripts `defineCommand` adds to the client. */
interface Scripts {
  sendbookAdmit(...args: string[]): Promise<unknown>;
  sendbookSlowDown(...args: string[]): Promise<string>;
  sendbookCoolDown(...args: string[]): Promise<number>;
  sendbookPairPush(...args: string[]): Promise<number>;
  sendbookDepart(...args: string[]): Promise<string>;
}
