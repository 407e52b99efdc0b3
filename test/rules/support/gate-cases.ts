import fc from 'fast-check';
import type { Admission, BucketRate, MessagingLimit } from '@sendbook/queue';
import { Redis } from 'ioredis';
import { deleteKeys } from '../../support/redis-keys.mjs';
import { testInfra } from '../../support/test-infra.js';
import { GateWorld, loadScripts, T0, type Row, type ScriptShas } from './gate-world.js';

// Cases for the TypeScript-vs-Lua property tests: a configuration (numbers, rates, intervals,
// limits, rows) and a sequence of operations with an advancing `now`.

export interface CaseConfig {
  numbers: string[];
  /** The configured rate of each number (same index). */
  rates: BucketRate[];
  pairIntervalMs: number;
  tierWindowMs: number;
  holdGraceMs: number;
  /** How far ahead a token may be taken (`takeToken`); 0 when not given. */
  leadMs?: number;
  limit: MessagingLimit;
  rows: Row[];
}

/** Indices are taken modulo the rows and numbers of the case, so ops are generated independently. */
export type Op =
  /** `atRetry`: come back when the last answer said (a rate denial's retry spread by place, as the API does). */
  | { kind: 'admit'; row: number; dt: number; atRetry: boolean; businessInitiated: boolean; limit: MessagingLimit | null }
  | { kind: 'slow'; number: number; dt: number; factor: number; holdMs: number; recoverMs: number; minFactor: number }
  /** `number` null: the account. */
  | { kind: 'cool'; number: number | null; dt: number; forMs: number }
  | { kind: 'push'; row: number; dt: number; delayMs: number };

export const SCOPE = 'portfolio:p';

/** Runs the ops on both sides; throws at the first answer they disagree on. Returns the answers. */
export async function runCase(world: GateWorld, config: CaseConfig, ops: readonly Op[]): Promise<Array<Admission | number>> {
  let now = T0;
  const answers: Array<Admission | number> = [];
  for (const op of ops) {
    now = Math.max(T0, now + op.dt);
    const at = new Date(now);
    switch (op.kind) {
      case 'admit': {
        const row = config.rows[op.row % config.rows.length]!;
        const retry = world.lastRetry.get(row.id);
        if (op.atRetry && retry) now = Math.max(now, retry.getTime());
        const { ts } = await world.admit({
          now: new Date(now),
          row,
          scope: SCOPE,
          rate: config.rates[config.numbers.indexOf(row.number)]!,
          pairIntervalMs: config.pairIntervalMs,
          limit: op.limit ?? config.limit,
          businessInitiated: op.businessInitiated,
          tierWindowMs: config.tierWindowMs,
          holdGraceMs: config.holdGraceMs,
          leadMs: config.leadMs ?? 0,
        });
        answers.push(ts);
        break;
      }
      case 'slow':
        answers.push((await world.slowDown(config.numbers[op.number % config.numbers.length]!, at, op)).ts);
        break;
      case 'cool':
        answers.push((await world.coolDown(op.number === null ? null : config.numbers[op.number % config.numbers.length]!, at, new Date(now + op.forMs))).ts);
        break;
      case 'push':
        answers.push((await world.pairPush(config.rows[op.row % config.rows.length]!, at, op.delayMs)).ts);
        break;
    }
  }
  return answers;
}

/** A case with one number and one row per user, for the regression tables. */
export function simpleConfig(overrides: Partial<CaseConfig> & { users?: number } = {}): CaseConfig {
  const { users = 1, ...rest } = overrides;
  return {
    numbers: [NUMBER],
    rates: [{ ratePerSec: 80, burst: 1 }],
    pairIntervalMs: 6000,
    tierWindowMs: 86_400_000,
    holdGraceMs: 100,
    limit: 'unlimited',
    rows: Array.from({ length: users }, (_, i) => ({
      id: `row-${String(i).padStart(2, '0')}`,
      number: NUMBER,
      waId: `97250000${String(i).padStart(4, '0')}`,
      priority: 0,
      createdAt: new Date(T0),
    })),
    ...rest,
  };
}

/** An admission op for the tables: row `row` at `dt` ms after the previous op. */
export function admitOp(row: number, dt: number, options: Partial<Extract<Op, { kind: 'admit' }>> = {}): Op {
  return { kind: 'admit', row, dt, atRetry: false, businessInitiated: false, limit: null, ...options };
}

export const NUMBER = '106540352242922';

/** Rows on `numbers`, each to one of `users` users, with priorities and creation times. */
export function rowsArb(options: {
  numbers: string[];
  users: number;
  rows: { min: number; max: number };
  priorities?: fc.Arbitrary<number>;
}): fc.Arbitrary<Row[]> {
  const row = fc.record({
    number: fc.constantFrom(...options.numbers),
    user: fc.integer({ min: 0, max: options.users - 1 }),
    priority: options.priorities ?? fc.constant(0),
    // Whole seconds sometimes, so equal creation times (ordered by id) come up.
    createdMs: fc.oneof(
      fc.integer({ min: -60_000, max: 0 }),
      fc.integer({ min: -5, max: 0 }).map((s) => s * 1000),
    ),
  });
  return fc.array(row, { minLength: options.rows.min, maxLength: options.rows.max }).map((rows) =>
    rows.map((r, i) => ({
      id: `row-${String(i).padStart(2, '0')}`,
      number: r.number,
      waId: `97250000${String(r.user).padStart(4, '0')}`,
      priority: r.priority,
      createdAt: new Date(T0 + r.createdMs),
    })),
  );
}

/** A rate as configured, from Meta's (80, 1,000, 20 for coexistence) less headroom to slow ones. */
export const rateArb: fc.Arbitrary<BucketRate> = fc.record({
  ratePerSec: fc.oneof(fc.constantFrom(80, 72, 1000, 900, 20, 18, 1, 0.5), fc.double({ min: 0.2, max: 1500, noNaN: true, noDefaultInfinity: true })),
  burst: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
});

/** Time between operations: often none, often a few ms, sometimes seconds or minutes. */
export function gapArb(options: { backwardMs?: number; maxMs?: number } = {}): fc.Arbitrary<number> {
  const max = options.maxMs ?? 120_000;
  const gaps = [fc.constant(0), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max })];
  if (options.backwardMs) gaps.push(fc.integer({ min: -options.backwardMs, max: -1 }));
  return fc.oneof(...gaps);
}

/** A case: its configuration and a sequence of operations of at most `maxLength`. */
export const casesOf = (configArb: fc.Arbitrary<CaseConfig>, opArb: fc.Arbitrary<Op>, maxLength: number) =>
  fc.tuple(configArb, fc.array(opArb, { minLength: 1, maxLength, size: 'max' }));

/** A real Redis for one test file: scripts loaded once, a fresh key prefix for every case. */
export function redisWorlds(label: string) {
  const infra = testInfra();
  const prefix = `sbt:${infra.runId}:rules:${label}`;
  let redis: Redis;
  let shas: ScriptShas;
  let cases = 0;
  beforeAll(async () => {
    redis = new Redis(infra.redisUrl);
    shas = await loadScripts(redis);
  });
  afterAll(async () => {
    await deleteKeys(redis, `${prefix}:*`);
    redis.disconnect();
  });
  return {
    /**
     * The property every file checks: for each generated case, the TypeScript rules and the
     * scripts answer alike at every step (runCase throws a Disagreement otherwise). Returns how
     * many operations ran, so a file can insist on its thousands.
     */
    async agree(generated: fc.Arbitrary<readonly [CaseConfig, readonly Op[]]>, numRuns = 600): Promise<number> {
      let ops = 0;
      await fc.assert(
        fc.asyncProperty(generated, async ([config, sequence]) => {
          ops += (await this.inWorld((world) => runCase(world, config, sequence))).length;
        }),
        { numRuns },
      );
      return ops;
    },
    /** Runs `body` in a new world and deletes its keys afterwards. */
    async inWorld<T>(body: (world: GateWorld) => Promise<T>): Promise<T> {
      const world = new GateWorld(redis, shas, `${prefix}:${cases++}`);
      try {
        return await body(world);
      } finally {
        const used = world.usedKeys();
        if (used.length > 0) await redis.del(...used);
      }
    },
  };
}
