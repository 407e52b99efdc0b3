import fc from 'fast-check';
import { DEFAULT_SLOW_DOWN, type Admission, type MessagingLimit } from '@sendbook/queue';
import { admitOp, casesOf, gapArb, rateArb, redisWorlds, rowsArb, runCase, simpleConfig, type CaseConfig, type Op } from './support/gate-cases.js';
import { T0 } from './support/gate-world.js';

// The whole gate at once: two numbers sharing one messaging-limit scope and the account, with
// cooling (131057 maintenance on a number, API call limits on the account: `coolDown` against
// COOL_DOWN_LUA), slowdowns, pair pushes, every part of ADMISSION_LUA and `decideAdmission`. Time
// only moves forward (see messaging-tier.e2e.ts for why).
const NUMBERS = ['106540352242901', '106540352242902'];

const configArb: fc.Arbitrary<CaseConfig> = fc.record({
  numbers: fc.constant(NUMBERS),
  rates: fc.tuple(rateArb, rateArb),
  pairIntervalMs: fc.constantFrom(1000, 6000, 6100),
  tierWindowMs: fc.constantFrom(10_000, 86_400_000),
  holdGraceMs: fc.constantFrom(0, 100, 300),
  limit: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant('unlimited' as const)),
  rows: rowsArb({ numbers: NUMBERS, users: 6, rows: { min: 2, max: 10 }, priorities: fc.constantFrom(0, 0, 1, 5, -1) }),
});

const limitArb: fc.Arbitrary<MessagingLimit | null> = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('admit' as const),
      row: fc.nat(),
      dt: gapArb({ maxMs: 30_000 }),
      atRetry: fc.boolean(),
      businessInitiated: fc.boolean(),
      limit: limitArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('slow' as const),
      number: fc.nat(),
      dt: gapArb({ maxMs: 30_000 }),
      factor: fc.constantFrom(0.5, 0.25, 0.7),
      holdMs: fc.integer({ min: 0, max: 5_000 }),
      recoverMs: fc.integer({ min: 1_000, max: 300_000 }),
      minFactor: fc.constant(DEFAULT_SLOW_DOWN.minFactor),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cool' as const),
      number: fc.option(fc.nat(), { nil: null }),
      dt: gapArb({ maxMs: 30_000 }),
      forMs: fc.integer({ min: 1, max: 300_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      row: fc.nat(),
      dt: gapArb({ maxMs: 30_000 }),
      delayMs: fc.integer({ min: 0, max: 4 }).map((x) => 1000 * 4 ** x),
    }),
  },
);

describe('the sending gate: the TypeScript rules and the Lua agree', () => {
  const worlds = redisWorlds('gate');

  // Thousands of cases, each a round trip to Redis: over a minute on a busy machine.
  it('decideAdmission, coolDown, slowDown and pushPairSlot give the same answers as the four scripts', async () => {
    const ops = await worlds.agree(casesOf(configArb, opArb, 50));
    expect(ops).toBeGreaterThan(10_000);
  }, 240_000);

  const cool = (number: number | null, dt: number, forMs: number): Op => ({ kind: 'cool', number, dt, forMs });
  const slow = (dt: number, factor: number, holdMs: number, recoverMs = 4_000): Op => ({
    kind: 'slow',
    number: 0,
    dt,
    factor,
    holdMs,
    recoverMs,
    minFactor: DEFAULT_SLOW_DOWN.minFactor,
  });
  it.each<[string, Op[], Admission | number]>([
    [
      'a cooling number waits until the cooling ends',
      [cool(0, 0, 60_000), admitOp(0, 1000)],
      { admitted: false, reason: 'cooling', retryAt: new Date(T0 + 60_000) },
    ],
    [
      'so does every number when the account cools',
      [cool(null, 0, 60_000), admitOp(0, 1000)],
      { admitted: false, reason: 'cooling', retryAt: new Date(T0 + 60_000) },
    ],
    ['a shorter cooling never ends a longer one', [cool(0, 0, 60_000), cool(0, 1000, 1000)], T0 + 60_000],
    [
      'it goes once the cooling is over',
      [cool(0, 0, 60_000), admitOp(0, 60_000)],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 60_013), sendAt: new Date(T0 + 60_000) },
    ],
    // Found by the property: slowdown and cooling share the number's hash, and each script set its
    // TTL from its own end only, so a short cooling dropped a long slowdown and the other way round.
    [
      'a short cooling does not end a long slowdown',
      [slow(0, 0.5, 300_000), cool(0, 0, 1), admitOp(0, 200_000)],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 200_025), sendAt: new Date(T0 + 200_000) },
    ],
    [
      'a short slowdown does not end a long cooling',
      [cool(0, 0, 300_000), slow(0, 0.5, 0, 1000), admitOp(0, 200_000)],
      { admitted: false, reason: 'cooling', retryAt: new Date(T0 + 300_000) },
    ],
  ])('%s', async (_name, ops, last) => {
    const answers = await worlds.inWorld((world) => runCase(world, simpleConfig(), ops));
    expect(answers.at(-1)).toEqual(last);
  });
});
