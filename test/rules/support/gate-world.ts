import { isDeepStrictEqual } from 'node:util';
import {
  ADMISSION_LUA,
  COOL_DOWN_LUA,
  PAIR_PUSH_LUA,
  SLOW_DOWN_LUA,
  admissionArgs,
  coolDown,
  decideAdmission,
  effectiveThroughput,
  pairSlotArgs,
  parseAdmissionReply,
  policyKeys,
  pushPairSlot,
  rateRetryAt,
  slowDown,
  slowDownArgs,
  takeToken,
  tierArg,
  type Admission,
  type BucketRate,
  type GateState,
  type MessagingLimit,
  type PolicyKeys,
  type SlowDownOptions,
  type ThroughputSlowdown,
  type TokenBucketState,
  type TokenHold,
  type WindowUser,
} from '@sendbook/queue';
import type { Redis } from 'ioredis';

// One world, two implementations: every operation runs on the TypeScript rules (the model) and on
// the production Lua scripts (EVALSHA on a real Redis), and the answers must be the same.
//
// Redis TTLs run on Redis's clock, the scripts on the `now` they are given, so the two cannot be
// compared directly. After every script the harness reads each key's TTL and removes it (PERSIST),
// so the comparison always sees the state the scripts stored. It remembers when each key would
// have expired, and once a later `now` passes that moment (plus EXPIRY_SLACK_MS, since a TTL is
// read a moment after it was set) it checks that the TypeScript state behind the key is by then
// the same as no state at all (a full bucket, a free pair, an empty window ...), and deletes the
// key on both sides, as Redis would. A key that expires while its state still matters is a failure.
//
// The waiting line is the one exception: its TTL (10 minutes after the last rate denial) is how
// rows that never come back (cancelled, held by quiet hours) leave it. The TypeScript rule has no
// notion of a row that never comes back, so when the line's key expires the harness empties the
// line on both sides instead of checking it.

export const EXPIRY_SLACK_MS = 20;

export interface Row {
  id: string;
  number: string;
  waId: string;
  priority: number;
  createdAt: Date;
}

export interface AdmitRequest {
  now: Date;
  row: Row;
  scope: string;
  rate: BucketRate;
  pairIntervalMs: number;
  limit: MessagingLimit;
  businessInitiated: boolean;
  tierWindowMs: number;
  holdGraceMs: number;
  leadMs: number;
}

export type Outcome<T> = { ts: T; lua: T };

type KeyKind = 'bucket' | 'pair' | 'tier' | 'number' | 'account' | 'hold' | 'waiting';

interface TrackedKey {
  kind: KeyKind;
  /** What the key stands for in the model: number id, `number|waId`, scope id. */
  id: string;
}

/** The TypeScript side's state, one entry per Redis key. */
class Model {
  readonly bucket = new Map<string, TokenBucketState>();
  readonly pair = new Map<string, Date>();
  readonly tier = new Map<string, WindowUser[]>();
  readonly slow = new Map<string, ThroughputSlowdown>();
  readonly numberCool = new Map<string, Date>();
  accountCool: Date | null = null;
  readonly hold = new Map<string, TokenHold>();
  readonly line = new Map<string, Map<string, number>>();
}

export class Disagreement extends Error {}

export class GateWorld {
  readonly keys: PolicyKeys;
  readonly model = new Model();
  /** Every row's last answer from the model, for callers that come back at the retry. */
  readonly lastRetry = new Map<string, Date>();
  private readonly expiry = new Map<string, number>();
  private readonly tracked = new Map<string, TrackedKey>();
  private readonly log: string[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly shas: ScriptShas,
    prefix: string,
  ) {
    this.keys = policyKeys(prefix);
  }

  /** Every key this world touched, for the caller to delete. */
  usedKeys(): string[] {
    return [...this.tracked.keys()];
  }

  history(): string {
    return this.log.join('\n');
  }

  async admit(request: AdmitRequest): Promise<Outcome<Admission>> {
    const { row, now } = request;
    const keys: Array<[string, TrackedKey]> = [
      [this.keys.bucket(row.number), { kind: 'bucket', id: row.number }],
      [this.keys.pair(row.number, row.waId), { kind: 'pair', id: `${row.number}|${row.waId}` }],
      [this.keys.tier(request.scope), { kind: 'tier', id: request.scope }],
      [this.keys.number(row.number), { kind: 'number', id: row.number }],
      [this.keys.account(), { kind: 'account', id: '' }],
      [this.keys.hold(row.number), { kind: 'hold', id: row.number }],
      [this.keys.waiting(row.number), { kind: 'waiting', id: row.number }],
    ];
    const args = admissionArgs({
      now,
      rate: request.rate,
      pairIntervalMs: request.pairIntervalMs,
      tierLimit: tierArg(request.limit, request.businessInitiated),
      tierWindowMs: request.tierWindowMs,
      waId: row.waId,
      rowId: row.id,
      priority: row.priority,
      createdAt: row.createdAt,
      holdGraceMs: request.holdGraceMs,
      leadMs: request.leadMs,
    });
    const reply = await this.run(now, keys, this.shas.admit, args, request);
    const lua = parseAdmissionReply(reply);

    const m = this.model;
    const state: GateState = {
      coolUntil: latest(m.numberCool.get(row.number) ?? null, m.accountCool),
      pairFreeAt: m.pair.get(`${row.number}|${row.waId}`) ?? null,
      usersInWindow: m.tier.get(request.scope) ?? [],
      slowdown: m.slow.get(row.number) ?? null,
      bucket: m.bucket.get(row.number) ?? null,
      hold: m.hold.get(row.number) ?? null,
      line: m.line.get(row.number) ?? new Map(),
    };
    const { admission: ts, state: next } = decideAdmission(state, {
      now,
      rate: request.rate,
      pairIntervalMs: request.pairIntervalMs,
      limit: request.limit,
      businessInitiated: request.businessInitiated,
      tierWindowMs: request.tierWindowMs,
      waId: row.waId,
      rowId: row.id,
      priority: row.priority,
      createdAt: row.createdAt,
      holdGraceMs: request.holdGraceMs,
      leadMs: request.leadMs,
    });
    setOrDelete(m.pair, `${row.number}|${row.waId}`, next.pairFreeAt);
    m.tier.set(request.scope, [...next.usersInWindow]);
    setOrDelete(m.bucket, row.number, next.bucket);
    setOrDelete(m.hold, row.number, next.hold);
    m.line.set(row.number, new Map(next.line));

    if (ts.admitted) this.lastRetry.delete(row.id);
    else this.lastRetry.set(row.id, ts.reason === 'rate' ? rateRetryAt(ts.retryAt, Math.min(ts.place ?? 0, 1000), ts.tokenUs ?? 0) : ts.retryAt);
    this.compare(`admit ${row.id} (user ${row.waId}, number ${row.number}) at ${ms(now)}`, ts, lua);
    return { ts, lua };
  }

  async slowDown(number: string, now: Date, options: SlowDownOptions): Promise<Outcome<number>> {
    const keys: Array<[string, TrackedKey]> = [[this.keys.number(number), { kind: 'number', id: number }]];
    const reply = await this.run(now, keys, this.shas.slowDown, slowDownArgs(now, options));
    const next = slowDown(this.model.slow.get(number) ?? null, now, options);
    this.model.slow.set(number, next);
    const outcome = { ts: next.factor, lua: Number(reply) };
    this.compare(
      `slow down ${number} at ${ms(now)} ×${options.factor}, held ${options.holdMs} ms, back over ${options.recoverMs} ms (floor ${options.minFactor})`,
      outcome.ts,
      outcome.lua,
    );
    return outcome;
  }

  /** `number` null: the account. */
  async coolDown(number: string | null, now: Date, until: Date): Promise<Outcome<number>> {
    const keys: Array<[string, TrackedKey]> = [
      number === null ? [this.keys.account(), { kind: 'account', id: '' }] : [this.keys.number(number), { kind: 'number', id: number }],
    ];
    const reply = await this.run(now, keys, this.shas.coolDown, [String(now.getTime()), String(until.getTime())]);
    const previous = number === null ? this.model.accountCool : (this.model.numberCool.get(number) ?? null);
    const next = coolDown(previous, until);
    if (number === null) this.model.accountCool = next;
    else this.model.numberCool.set(number, next);
    const outcome = { ts: next.getTime(), lua: Number(reply) };
    this.compare(`cool ${number ?? 'account'} at ${ms(now)} until ${ms(until)}`, outcome.ts, outcome.lua);
    return outcome;
  }

  async pairPush(row: Row, now: Date, delayMs: number): Promise<Outcome<number>> {
    const id = `${row.number}|${row.waId}`;
    const keys: Array<[string, TrackedKey]> = [[this.keys.pair(row.number, row.waId), { kind: 'pair', id }]];
    const reply = await this.run(now, keys, this.shas.pairPush, pairSlotArgs(now, delayMs));
    const next = pushPairSlot(this.model.pair.get(id) ?? null, now, delayMs);
    this.model.pair.set(id, next);
    const outcome = { ts: next.getTime(), lua: Number(reply) };
    this.compare(`push pair ${row.number}/${row.waId} at ${ms(now)} by ${delayMs} ms`, outcome.ts, outcome.lua);
    return outcome;
  }

  private compare(what: string, ts: unknown, lua: unknown): void {
    this.log.push(`${what}: ${JSON.stringify(ts)}`);
    if (!isDeepStrictEqual(ts, lua))
      throw new Disagreement(`${what}\n  TypeScript: ${JSON.stringify(ts)}\n  Lua:        ${JSON.stringify(lua)}\nafter:\n${this.history()}`);
  }

  /** Expire what Redis would have expired by `now`, run the script, read and remove the TTLs. */
  private async run(now: Date, keys: Array<[string, TrackedKey]>, sha: string, args: string[], request?: AdmitRequest): Promise<unknown> {
    const t = now.getTime();
    const multi = this.redis.multi();
    for (const [key, what] of keys) {
      const at = this.expiry.get(key);
      if (at === undefined || t < at + EXPIRY_SLACK_MS) continue;
      const still = this.stillMatters(what, now, request);
      if (still)
        throw new Disagreement(`${key} expired at ${ms(new Date(at))}, but at ${ms(now)} its state still matters: ${still}\nafter:\n${this.history()}`);
      this.forget(what);
      this.expiry.delete(key);
      multi.del(key);
    }
    multi.evalsha(sha, keys.length, ...keys.map(([key]) => key), ...args);
    for (const [key] of keys) multi.pttl(key);
    for (const [key] of keys) multi.persist(key);
    const results = (await multi.exec()) ?? [];
    const errors = results.filter(([error]) => error);
    if (errors.length > 0) throw errors[0]![0]!;
    const values = results.map(([, value]) => value);
    const offset = values.length - 2 * keys.length - 1;
    const reply = values[offset];
    keys.forEach(([key, what], i) => {
      this.tracked.set(key, what);
      const pttl = Number(values[offset + 1 + i]);
      if (pttl >= 0) this.expiry.set(key, t + pttl);
      else if (pttl === -2) this.expiry.delete(key);
      else if (!this.expiry.has(key)) throw new Disagreement(`${key} was written without an expiry\nafter:\n${this.history()}`);
    });
    return reply;
  }

  /** Null when the model's state behind the key is by `now` the same as no state; else what still matters. */
  private stillMatters(what: TrackedKey, now: Date, request?: AdmitRequest): string | null {
    const m = this.model;
    const t = now.getTime();
    switch (what.kind) {
      case 'bucket': {
        const state = m.bucket.get(what.id);
        if (!state || !request) return state ? 'a bucket read by no admission' : null;
        const rate = effectiveThroughput(request.rate, m.slow.get(what.id) ?? null, now);
        return isDeepStrictEqual(takeToken(state, now, rate, request.leadMs), takeToken(null, now, rate, request.leadMs))
          ? null
          : `bucket ${JSON.stringify(state)} is not full at ${JSON.stringify(rate)}`;
      }
      case 'pair': {
        const freeAt = m.pair.get(what.id);
        return freeAt && freeAt.getTime() > t ? `pair shut until ${ms(freeAt)}` : null;
      }
      case 'tier': {
        const window = request?.tierWindowMs ?? 0;
        const counted = (m.tier.get(what.id) ?? []).filter((u) => u.lastAt.getTime() > t - window);
        return counted.length > 0 ? `${counted.length} users still in the window` : null;
      }
      case 'number': {
        const slow = m.slow.get(what.id);
        const cool = m.numberCool.get(what.id);
        if (slow && slow.until.getTime() > t) return `slowed ×${slow.factor} until ${ms(slow.until)}`;
        return cool && cool.getTime() > t ? `cooling until ${ms(cool)}` : null;
      }
      case 'account':
        return m.accountCool && m.accountCool.getTime() > t ? `account cooling until ${ms(m.accountCool)}` : null;
      case 'hold': {
        const hold = m.hold.get(what.id);
        return hold && hold.until.getTime() >= t ? `token held for ${hold.rowId} until ${ms(hold.until)}` : null;
      }
      case 'waiting':
        return null;
    }
  }

  private forget(what: TrackedKey): void {
    const m = this.model;
    switch (what.kind) {
      case 'bucket':
        m.bucket.delete(what.id);
        break;
      case 'pair':
        m.pair.delete(what.id);
        break;
      case 'tier':
        m.tier.delete(what.id);
        break;
      case 'number':
        m.slow.delete(what.id);
        m.numberCool.delete(what.id);
        break;
      case 'account':
        m.accountCool = null;
        break;
      case 'hold':
        m.hold.delete(what.id);
        break;
      case 'waiting':
        m.line.delete(what.id);
        break;
    }
  }
}

export interface ScriptShas {
  admit: string;
  slowDown: string;
  coolDown: string;
  pairPush: string;
}

/** SCRIPT LOAD each production script once; the worlds then call EVALSHA, as the API does. */
export async function loadScripts(redis: Redis): Promise<ScriptShas> {
  const load = async (lua: string) => String(await redis.script('LOAD', lua));
  return { admit: await load(ADMISSION_LUA), slowDown: await load(SLOW_DOWN_LUA), coolDown: await load(COOL_DOWN_LUA), pairPush: await load(PAIR_PUSH_LUA) };
}

const T0 = Date.parse('2026-11-30T10:00:00.000Z');

function ms(at: Date): string {
  return `T0+${at.getTime() - T0}`;
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

function setOrDelete<K, V>(map: Map<K, V>, key: K, value: V | null): void {
  if (value === null) map.delete(key);
  else map.set(key, value);
}

export { T0 };
