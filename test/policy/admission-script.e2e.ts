import {
  ADMISSION_LUA,
  COOL_DOWN_LUA,
  PAIR_PUSH_LUA,
  pairSlotArgs,
  SLOW_DOWN_LUA,
  DEFAULT_SLOW_DOWN,
  slowDownArgs,
  admissionArgs,
  parseAdmissionReply,
  policyKeys,
  type Admission,
} from '@sendbook/queue';
import { Redis } from 'ioredis';
import { deleteKeys } from '../support/redis-keys.mjs';
import { testInfra } from '../support/test-infra.js';

// The admission script on a real Redis: it checks everything before it takes anything.
const T0 = Date.parse('2026-11-30T10:00:00.000Z');
const NUMBER = '106540352242922';

describe('ADMISSION_LUA on Redis', () => {
  const infra = testInfra();
  const prefix = `sbt:${infra.runId}:admission`;
  const keys = policyKeys(prefix);
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(infra.redisUrl);
  });
  afterEach(() => deleteKeys(redis, `${prefix}:*`));
  afterAll(() => redis.disconnect());

  const admit = async (
    at: number,
    waId: string,
    options: { rate?: number; burst?: number; tierLimit?: number; priority?: number; createdAt?: number } = {},
  ): Promise<Admission> =>
    parseAdmissionReply(
      await redis.eval(
        ADMISSION_LUA,
        7,
        keys.bucket(NUMBER),
        keys.pair(NUMBER, waId),
        keys.tier('portfolio:p'),
        keys.number(NUMBER),
        keys.account(),
        keys.hold(NUMBER),
        keys.waiting(NUMBER),
        ...admissionArgs({
          now: new Date(at),
          rate: { ratePerSec: options.rate ?? 80, burst: options.burst ?? 1 },
          pairIntervalMs: 6000,
          tierLimit: options.tierLimit ?? 0,
          tierWindowMs: 86_400_000,
          waId,
          rowId: `row-${waId}`,
          priority: options.priority ?? 0,
          createdAt: new Date(options.createdAt ?? T0),
          holdGraceMs: 100,
        }),
      ),
    );

  it('spaces a number at its rate: one token per 12.5 ms at 80/s', async () => {
    expect(await admit(T0, 'u1')).toMatchObject({ admitted: true });
    expect(await admit(T0 + 5, 'u2')).toEqual({ admitted: false, reason: 'rate', retryAt: new Date(T0 + 13), place: 0, tokenUs: 12_500 });
    expect(await admit(T0 + 13, 'u2')).toMatchObject({ admitted: true });
  });

  it("a claim that came late counts the pair's slot again from the claim, and never earlier (OutboundSender, SendingPolicy.pairSendingAt)", async () => {
    expect(await admit(T0, 'late')).toMatchObject({ admitted: true });
    // Claimed 2 s after it was looked at: the user's next message waits 6 s from then.
    await redis.eval(PAIR_PUSH_LUA, 1, keys.pair(NUMBER, 'late'), ...pairSlotArgs(new Date(T0 + 2_000), 6000));
    expect(await admit(T0 + 6_100, 'late')).toMatchObject({ admitted: false, reason: 'pair', retryAt: new Date(T0 + 8_000) });
    await redis.eval(PAIR_PUSH_LUA, 1, keys.pair(NUMBER, 'late'), ...pairSlotArgs(new Date(T0 + 500), 6000));
    expect(await admit(T0 + 7_000, 'late')).toMatchObject({ admitted: false, reason: 'pair', retryAt: new Date(T0 + 8_000) });
    expect(await admit(T0 + 8_000, 'late')).toMatchObject({ admitted: true });
  });

  it('a pair denial takes no token; a rate denial takes no pair slot', async () => {
    expect(await admit(T0, 'u1')).toMatchObject({ admitted: true });
    expect(await admit(T0 + 100, 'u1')).toEqual({ admitted: false, reason: 'pair', retryAt: new Date(T0 + 6000) });
    // The token the pair denial did not take is there for another user.
    expect(await admit(T0 + 100, 'u2')).toMatchObject({ admitted: true });
    expect(await admit(T0 + 101, 'u3')).toMatchObject({ admitted: false, reason: 'rate' });
    // u3 was denied a token, so its pair is still free.
    expect(await redis.get(keys.pair(NUMBER, 'u3'))).toBeNull();
  });

  it('the messaging limit counts new users only, and a denied newcomer takes nothing', async () => {
    const fast = { rate: 1000, burst: 10, tierLimit: 2 };
    expect(await admit(T0, 'a', fast)).toEqual({ admitted: true, countsNewUser: true, nextTokenAt: new Date(T0), sendAt: new Date(T0) });
    expect(await admit(T0 + 1, 'b', fast)).toMatchObject({ admitted: true, countsNewUser: true });
    expect(await admit(T0 + 2, 'c', fast)).toEqual({ admitted: false, reason: 'tier', retryAt: new Date(T0 + 86_400_000) });
    expect(await redis.zcard(keys.tier('portfolio:p'))).toBe(2);
    expect(await redis.get(keys.pair(NUMBER, 'c'))).toBeNull();
    // A counted user is not new, even at the limit; 24 h after a's message a slot frees for c.
    expect(await admit(T0 + 7000, 'a', fast)).toMatchObject({ admitted: true, countsNewUser: false });
    expect(await admit(T0 + 86_400_002, 'c', fast)).toMatchObject({ admitted: true, countsNewUser: true });
  });

  it('cooling stops the number until it ends; a slowdown halves the rate, holds it, then climbs back', async () => {
    await redis.eval(COOL_DOWN_LUA, 1, keys.number(NUMBER), String(T0), String(T0 + 60_000));
    expect(await admit(T0 + 1, 'u1')).toEqual({ admitted: false, reason: 'cooling', retryAt: new Date(T0 + 60_000) });
    expect(await admit(T0 + 60_000, 'u1')).toMatchObject({ admitted: true });

    const slowDown = (at: number) => redis.eval(SLOW_DOWN_LUA, 1, keys.number(NUMBER), ...slowDownArgs(new Date(at), DEFAULT_SLOW_DOWN));
    expect(await slowDown(T0 + 60_000)).toBe('0.5');
    expect(await admit(T0 + 60_000 + 13, 'u2')).toEqual({ admitted: false, reason: 'rate', retryAt: new Date(T0 + 60_000 + 25), place: 0, tokenUs: 25_000 });
    // A second 130429 during the hold is a send that left before the cut: nothing changes.
    expect(await slowDown(T0 + 60_001)).toBe('0.5');
    // Climbing back (a quarter per second after the 1 s hold): 0.75 two seconds in, cut to 0.375.
    expect(await slowDown(T0 + 62_000)).toBe('0.375');
    expect(await redis.hmget(keys.number(NUMBER), 'slow_from', 'slow_until')).toEqual([String(T0 + 63_000), String(T0 + 63_000 + 2_500)]);
  });

  it('rows denied a token wait in line by priority, then age; the head holds the next token', async () => {
    expect(await admit(T0, 'u1')).toMatchObject({ admitted: true });
    expect(await admit(T0 + 1, 'old', { createdAt: T0 - 500 })).toMatchObject({ admitted: false, reason: 'rate', place: 0 });
    expect(await admit(T0 + 2, 'young', { createdAt: T0 - 100 })).toMatchObject({ admitted: false, reason: 'rate', place: 1 });
    // The head holds the next token (due at T0 + 13) until its retry plus the grace.
    expect(await redis.hgetall(keys.hold(NUMBER))).toEqual({ id: 'row-old', until: String(T0 + 13 + 100), priority: '0' });
    // An urgent row goes to the front of the line and takes over the hold; a younger one cannot.
    expect(await admit(T0 + 3, 'urgent', { priority: 9, createdAt: T0 })).toMatchObject({ admitted: false, reason: 'rate', place: 0 });
    expect((await redis.hgetall(keys.hold(NUMBER))).id).toBe('row-urgent');
    expect(await admit(T0 + 20, 'old', { createdAt: T0 - 500 })).toEqual({
      admitted: false,
      reason: 'rate',
      retryAt: new Date(T0 + 13 + 100 + 13),
      place: 1,
      tokenUs: 12_500,
    });
    expect(await admit(T0 + 21, 'urgent', { priority: 9, createdAt: T0 })).toMatchObject({ admitted: true });
    expect(await redis.exists(keys.hold(NUMBER))).toBe(0);
    expect(await redis.zrange(keys.waiting(NUMBER), 0, -1)).toEqual(['row-old', 'row-young']);
  });
});
