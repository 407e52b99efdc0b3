import fc from 'fast-check';
import { Redis } from 'ioredis';
import { ENDPOINT_RATE_LUA, endpointRateArgs, endpointRateKeys, reserveEndpointSlots } from '@sendbook/queue';
import { deleteKeys } from '../support/redis-keys.mjs';
import { testInfra } from '../support/test-infra.js';

// An event endpoint's departure slots (`reserveEndpointSlots`) against ENDPOINT_RATE_LUA on a real
// Redis: the same slots for every request, in bursts and pauses, with a clock that may step back a
// little; and the script's ledger never holds more than the rate in a second.

const T0 = Date.parse('2026-12-04T10:00:00.000Z');

describe('event endpoint rate: the TypeScript rule and the Lua agree', () => {
  const infra = testInfra();
  const prefix = `sbt:${infra.runId}:rules:endpoint-rate`;
  let redis: Redis;
  let sha: string;
  let world = 0;
  beforeAll(async () => {
    redis = new Redis(infra.redisUrl);
    sha = String(await redis.script('LOAD', ENDPOINT_RATE_LUA));
  });
  afterAll(async () => {
    await deleteKeys(redis, `${prefix}:*`);
    redis.disconnect();
  });

  const reserve = async (keys: { next: string; ledger: string }, now: number, perSecond: number, want: number, horizon: number) =>
    ((await redis.evalsha(sha, 2, keys.next, keys.ledger, ...endpointRateArgs(now, perSecond, want, horizon))) as number[]).map(Number);

  it('hands out the same slots, and its ledger holds at most the rate in any second', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50 }),
        fc.array(
          fc.record({ step: fc.integer({ min: -200, max: 3_000 }), want: fc.integer({ min: 0, max: 8 }), horizon: fc.integer({ min: 0, max: 2_000 }) }),
          {
            minLength: 1,
            maxLength: 80,
          },
        ),
        async (perSecond, calls) => {
          const keys = endpointRateKeys(prefix, String(world++));
          let next: number | null = null;
          let now = T0;
          const all: number[] = [];
          for (const call of calls) {
            now += call.step;
            const ts = reserveEndpointSlots(next, now, perSecond, call.want, call.horizon);
            next = ts.nextFreeMs;
            const lua = await reserve(keys, now, perSecond, call.want, call.horizon);
            expect({ now: now - T0, slots: lua }).toEqual({ now: now - T0, slots: ts.slots });
            all.push(...lua);
          }
          const ledger = Object.entries(await redis.hgetall(keys.ledger)).map(([second, n]) => ({ second: Number(second), n: Number(n) }));
          for (const { second, n } of ledger) {
            expect(n).toBeLessThanOrEqual(perSecond);
            expect(n).toBe(all.filter((s) => Math.floor(s / 1000) === second).length);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('forgets the next slot once it is past, and the ledger after a minute', async () => {
    const keys = endpointRateKeys(prefix, 'expiry');
    expect(await reserve(keys, Date.now(), 1000, 3, 1000)).toHaveLength(3);
    const ttl = await redis.pttl(keys.next);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_003);
    expect(await redis.pttl(keys.ledger)).toBeGreaterThan(60_000);
    expect(await redis.pttl(keys.ledger)).toBeLessThanOrEqual(61_000);
  });

  it('keeps about a minute of seconds in its ledger, however long the endpoint is busy', async () => {
    const keys = endpointRateKeys(prefix, 'long');
    for (let s = 0; s < 300; s++) await reserve(keys, T0 + s * 1000, 10, 1, 1000);
    const seconds = Object.keys(await redis.hgetall(keys.ledger)).map(Number);
    expect(seconds.length).toBeLessThanOrEqual(121);
    expect(Math.max(...seconds)).toBe(Math.floor((T0 + 299_000) / 1000));
  });
});
