import fc from 'fast-check';
import { Redis } from 'ioredis';
import { REQUEST_RATE_LUA, requestRateArgs, takeRequest } from '@sendbook/queue';
import { deleteKeys } from '../support/redis-keys.mjs';
import { testInfra } from '../support/test-infra.js';

// A key's request rate (`takeRequest`) against REQUEST_RATE_LUA on a real Redis: every request
// gets the same answer, in bursts and pauses, with a clock that may step back a little.

const T0 = Date.parse('2026-12-04T10:00:00.000Z');

describe('request rate: the TypeScript rule and the Lua agree', () => {
  const infra = testInfra();
  const prefix = `sbt:${infra.runId}:rules:request-rate`;
  let redis: Redis;
  let sha: string;
  let world = 0;
  beforeAll(async () => {
    redis = new Redis(infra.redisUrl);
    sha = String(await redis.script('LOAD', REQUEST_RATE_LUA));
  });
  afterAll(async () => {
    await deleteKeys(redis, `${prefix}:*`);
    redis.disconnect();
  });

  it('answers every request alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: -2_000, max: 20_000 }), { minLength: 1, maxLength: 150 }),
        async (perMinute, steps) => {
          const key = `${prefix}:${world++}`;
          let tat: number | null = null;
          let now = T0;
          for (const step of steps) {
            now += step;
            const ts = takeRequest(tat, now, perMinute);
            tat = ts.tatMs;
            const [allowed, retryAfterMs] = (await redis.evalsha(sha, 1, key, ...requestRateArgs(now, perMinute))) as [number, number];
            expect({ now: now - T0, allowed: allowed === 1, retryAfterMs }).toEqual({ now: now - T0, allowed: ts.allowed, retryAfterMs: ts.retryAfterMs });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('forgets a key once its state no longer matters', async () => {
    const key = `${prefix}:expiry`;
    await redis.evalsha(sha, 1, key, ...requestRateArgs(Date.now(), 60_000));
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_001);
  });
});
