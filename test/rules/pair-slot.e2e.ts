import fc from 'fast-check';
import type { Admission } from '@sendbook/queue';
import { admitOp, casesOf, gapArb, NUMBER, redisWorlds, rowsArb, runCase, simpleConfig, type CaseConfig, type Op } from './support/gate-cases.js';
import { T0 } from './support/gate-world.js';

// The (number, user) pair: one message every 6 s to the same user (Meta's pair rate limit,
// https://developers.facebook.com/documentation/business-messaging/whatsapp/about-the-platform), `takePairSlot` in
// ADMISSION_LUA, and after a 131056 `pushPairSlot` in PAIR_PUSH_LUA, on a real Redis. A few users
// share many rows and the bucket is wide, so the pair decides; intervals vary around Meta's 6 s.

const configArb: fc.Arbitrary<CaseConfig> = fc.record({
  numbers: fc.constant([NUMBER]),
  rates: fc.constant([{ ratePerSec: 1000, burst: 50 }]),
  pairIntervalMs: fc.oneof(fc.constantFrom(6000, 6100, 6500), fc.integer({ min: 1000, max: 20_000 })),
  tierWindowMs: fc.constant(86_400_000),
  holdGraceMs: fc.constant(100),
  limit: fc.constant('unlimited' as const),
  rows: rowsArb({ numbers: [NUMBER], users: 3, rows: { min: 1, max: 6 } }),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('admit' as const),
      row: fc.nat(),
      dt: gapArb({ backwardMs: 20, maxMs: 20_000 }),
      atRetry: fc.boolean(),
      businessInitiated: fc.constant(false),
      limit: fc.constant(null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      row: fc.nat(),
      dt: gapArb({ maxMs: 20_000 }),
      // Meta's 4^X s after the X-th 131056, or whatever the API decides.
      delayMs: fc.oneof(
        fc.integer({ min: 0, max: 5 }).map((x) => 1000 * 4 ** x),
        fc.integer({ min: 1, max: 30_000 }),
      ),
    }),
  },
);

describe('pair slot: the TypeScript rules and the Lua agree', () => {
  const worlds = redisWorlds('pair');

  // Thousands of cases, each a round trip to Redis: over a minute on a busy machine.
  it('takePairSlot and pushPairSlot give the same answers as ADMISSION_LUA and PAIR_PUSH_LUA', async () => {
    const ops = await worlds.agree(casesOf(configArb, opArb, 40));
    expect(ops).toBeGreaterThan(8_000);
  }, 240_000);

  it.each<[string, Op[], Admission | number]>([
    ['a second message within 6 s waits for the slot', [admitOp(0, 0), admitOp(0, 2000)], { admitted: false, reason: 'pair', retryAt: new Date(T0 + 6000) }],
    [
      'exactly 6 s later it goes',
      [admitOp(0, 0), admitOp(0, 6000)],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 6013), sendAt: new Date(T0 + 6000) },
    ],
    ['a push never frees the pair sooner', [admitOp(0, 0), { kind: 'push', row: 0, dt: 1000, delayMs: 1000 }], T0 + 6000],
    [
      'a push shuts a free pair',
      [{ kind: 'push', row: 0, dt: 0, delayMs: 16_000 }, admitOp(0, 15_000)],
      { admitted: false, reason: 'pair', retryAt: new Date(T0 + 16_000) },
    ],
  ])('%s', async (_name, ops, last) => {
    const answers = await worlds.inWorld((world) => runCase(world, simpleConfig(), ops));
    expect(answers.at(-1)).toEqual(last);
  });
});
