import fc from 'fast-check';
import { Redis } from 'ioredis';
import { DEPARTURE_LUA, departureArgs, reserveDeparture, type DepartureRule } from '@sendbook/queue';
import { deleteKeys } from '../support/redis-keys.mjs';
import { testInfra } from '../support/test-infra.js';

// The departure gate (`reserveDeparture`) against DEPARTURE_LUA on a real Redis: every reservation
// answers the same moment, and the sorted set keeps exactly the reservations the TypeScript keeps.
// Requests come in bursts and pauses, and a worker's clock may be a little behind another's.

const T0_US = Date.parse('2026-12-04T10:00:00.000Z') * 1000;

describe('departure gate: the TypeScript rule and the Lua agree', () => {
  const infra = testInfra();
  const prefix = `sbt:${infra.runId}:rules:departure`;
  let redis: Redis;
  let sha: string;
  let world = 0;
  beforeAll(async () => {
    redis = new Redis(infra.redisUrl);
    sha = String(await redis.script('LOAD', DEPARTURE_LUA));
  });
  afterAll(async () => {
    await deleteKeys(redis, `${prefix}:*`);
    redis.disconnect();
  });

  /** Runs the requests (µs from T0) on both sides; returns the departures, µs from T0. */
  async function both(rule: DepartureRule, requests: readonly number[]): Promise<number[]> {
    const key = `${prefix}:{policy}:${world++}`;
    let recent: number[] = [];
    const departures: number[] = [];
    for (const at of requests) {
      const now = T0_US + at;
      const ts = reserveDeparture(recent, now, rule);
      recent = ts.recent;
      const lua = Number(await redis.evalsha(sha, 1, key, ...departureArgs(now, rule)));
      expect({ at, departUs: lua - T0_US }).toEqual({ at, departUs: ts.departUs - T0_US });
      const stored = (await redis.zrange(key, 0, -1)).map(Number);
      expect({ at, stored: stored.map((t) => t - T0_US) }).toEqual({ at, stored: recent.map((t) => t - T0_US) });
      // The key outlives every reservation that can still hold a later one back.
      expect(await redis.pttl(key)).toBeGreaterThanOrEqual(Math.floor((ts.departUs - now) / 1000) + 1000 + rule.marginMs);
      departures.push(ts.departUs - T0_US);
    }
    await redis.del(key);
    return departures;
  }

  it('any requests, caps from 1 to 1,000, margins 0 to 200 ms: the same moments and the same state', async () => {
    let ops = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(80, 1000, 20), fc.integer({ min: 1, max: 120 })),
        fc.constantFrom(1, 0.95, 0.5),
        fc.constantFrom(0, 60, 200),
        // Mostly bursts (0 µs apart) and token spacing; now and then a pause, or a clock 5 ms behind.
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 500_000, max: 2_000_000 }), fc.constant(-5_000)), {
          minLength: 1,
          maxLength: 150,
          size: 'max',
        }),
        async (cap, spacing, marginMs, gaps) => {
          let t = 0;
          ops += (
            await both(
              { cap, spacingPerSec: cap * spacing, marginMs },
              gaps.map((g) => (t += g)),
            )
          ).length;
        },
      ),
      { numRuns: 40 },
    );
    expect(ops).toBeGreaterThan(1_000);
  }, 120_000);

  it('81 requests at once at 80 msg/s: the 81st waits for the first to leave 1 s + 60 ms window', async () => {
    const departures = await both({ cap: 80, spacingPerSec: 80, marginMs: 60 }, new Array(81).fill(0));
    expect(departures.slice(0, 2)).toEqual([0, 12_500]);
    expect(departures[79]).toBe(79 * 12_500);
    expect(departures[80]).toBe(1_060_000);
  });
});
