import fc from 'fast-check';
import type { Admission, MessagingLimit } from '@sendbook/queue';
import { admitOp, NUMBER, redisWorlds, rowsArb, runCase, simpleConfig, type CaseConfig, type Op } from './support/gate-cases.js';
import { T0 } from './support/gate-world.js';

// The messaging limit: unique users reached with business-initiated messages in a rolling 24 h
// (https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits),
// `tierDecision` against ADMISSION_LUA's tier window on a real Redis. Windows are short here
// (seconds) as well as Meta's 24 h, so users age out within a case; limits are small, change
// between sends (a tier raised or lowered) and include unlimited; some sends are replies inside a
// customer-service window and count nothing. The bucket is wide and the pair short, so the
// limit decides.
//
// Time only moves forward here. The script forgets users older than the window as it reads it,
// so a call with a clock behind an earlier one (another worker's, by a few ms) can miss a user the
// TypeScript rule still counts at the window's edge; that skew is far below anything Meta's own
// count resolves, and the token bucket's test covers clocks that step back.

const limitArb: fc.Arbitrary<MessagingLimit> = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant('unlimited' as const));

const caseArb = fc.constantFrom(3_000, 20_000, 86_400_000).chain((tierWindowMs) =>
  fc.tuple(
    fc.record({
      numbers: fc.constant([NUMBER]),
      rates: fc.constant([{ ratePerSec: 1000, burst: 50 }]),
      pairIntervalMs: fc.constant(1000),
      tierWindowMs: fc.constant(tierWindowMs),
      holdGraceMs: fc.constant(100),
      limit: limitArb,
      rows: rowsArb({ numbers: [NUMBER], users: 8, rows: { min: 1, max: 12 } }),
    }) satisfies fc.Arbitrary<CaseConfig>,
    fc.array(
      fc.record({
        kind: fc.constant('admit' as const),
        row: fc.nat(),
        dt: fc.oneof(
          fc.constant(0),
          fc.integer({ min: 0, max: 1_500 }),
          fc.integer({ min: 0, max: Math.ceil(tierWindowMs / 3) }),
          fc.integer({ min: tierWindowMs - 50, max: tierWindowMs + 50 }),
        ),
        atRetry: fc.boolean(),
        businessInitiated: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        limit: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: limitArb }),
      }) satisfies fc.Arbitrary<Op>,
      { minLength: 1, maxLength: 50, size: 'max' },
    ),
  ),
);

describe('messaging limit: the TypeScript rule and the Lua agree', () => {
  const worlds = redisWorlds('tier');

  // Thousands of cases, each a round trip to Redis: over a minute on a busy machine.
  it('tierDecision gives the same answers as ADMISSION_LUA (admitted or not, new user or not, when a slot frees)', async () => {
    const ops = await worlds.agree(caseArb);
    expect(ops).toBeGreaterThan(10_000);
  }, 240_000);

  const tier = (limit: MessagingLimit) => simpleConfig({ users: 4, limit, pairIntervalMs: 1000, rates: [{ ratePerSec: 1000, burst: 50 }] });
  const bi = { businessInitiated: true };
  it.each<[string, CaseConfig, Op[], Admission]>([
    [
      'the third new user of two waits until the oldest is 24 h old',
      tier(2),
      [admitOp(0, 0, bi), admitOp(1, 5000, bi), admitOp(2, 5000, bi)],
      { admitted: false, reason: 'tier', retryAt: new Date(T0 + 86_400_000) },
    ],
    [
      'and goes then',
      tier(2),
      [admitOp(0, 0, bi), admitOp(1, 5000, bi), admitOp(2, 86_400_000, bi)],
      { admitted: true, countsNewUser: true, nextTokenAt: new Date(T0 + 86_405_000), sendAt: new Date(T0 + 86_405_000) },
    ],
    [
      'a counted user messaged again counts from the latest message',
      tier(2),
      [admitOp(0, 0, bi), admitOp(1, 5000, bi), admitOp(0, 5000, bi), admitOp(2, 1000, bi)],
      { admitted: false, reason: 'tier', retryAt: new Date(T0 + 5000 + 86_400_000) },
    ],
    [
      'a reply inside the window counts nothing',
      tier(1),
      [admitOp(0, 0, bi), admitOp(1, 1000)],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 1000), sendAt: new Date(T0 + 1000) },
    ],
    [
      'a limit lowered below the count: a counted user still goes',
      tier(3),
      [admitOp(0, 0, bi), admitOp(1, 1000, bi), admitOp(2, 1000, bi), admitOp(0, 1000, { ...bi, limit: 1 })],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 3000), sendAt: new Date(T0 + 3000) },
    ],
    [
      'a new one waits until all but one have aged out',
      tier(3),
      [admitOp(0, 0, bi), admitOp(1, 1000, bi), admitOp(2, 1000, bi), admitOp(3, 1000, { ...bi, limit: 1 })],
      { admitted: false, reason: 'tier', retryAt: new Date(T0 + 2000 + 86_400_000) },
    ],
  ])('%s', async (_name, config, ops, last) => {
    const answers = await worlds.inWorld((world) => runCase(world, config, ops));
    expect(answers.at(-1)).toEqual(last);
  });
});
