import fc from 'fast-check';
import type { Admission } from '@sendbook/queue';
import { admitOp, casesOf, gapArb, NUMBER, redisWorlds, rowsArb, runCase, simpleConfig, type CaseConfig, type Op } from './support/gate-cases.js';
import { T0 } from './support/gate-world.js';

// The waiting line and the token hold: rows denied a token wait in line by priority, then age;
// the head holds the next token until its retry plus a grace, and rows of lower priority are
// denied it (rows of the same priority are not: a late head would leave its token unused). `decideAdmission`'s line (place in line, who holds, when each may come back) against
// ADMISSION_LUA's sorted set and hold hash on a real Redis. Slow buckets and up to 8 rows, each to
// a user of its own, mostly coming back when told (as the API's jobs do), sometimes early or late;
// priorities beyond ±1000 check that the line clamps them while the hold compares them whole.

const configArb: fc.Arbitrary<CaseConfig> = fc.record({
  numbers: fc.constant([NUMBER]),
  rates: fc
    .record({
      ratePerSec: fc.oneof(fc.constantFrom(5, 20, 72, 80), fc.double({ min: 2, max: 200, noNaN: true, noDefaultInfinity: true })),
      burst: fc.integer({ min: 1, max: 3 }),
    })
    .map((rate) => [rate]),
  pairIntervalMs: fc.constant(6000),
  tierWindowMs: fc.constant(86_400_000),
  holdGraceMs: fc.constantFrom(0, 20, 100, 500),
  // Tokens taken ahead (the sender's lead: a few tokens' time, at most 50 ms), and none.
  leadMs: fc.constantFrom(0, 0, 3, 20, 50),
  limit: fc.constant('unlimited' as const),
  rows: rowsArb({ numbers: [NUMBER], users: 10_000, rows: { min: 2, max: 8 }, priorities: fc.constantFrom(0, 0, 0, 1, 5, -1, 1500, -1500) }),
});

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('admit' as const),
  row: fc.nat(),
  dt: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30 }), gapArb({ backwardMs: 10, maxMs: 1_000 })),
  atRetry: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  businessInitiated: fc.constant(false),
  limit: fc.constant(null),
});

describe('waiting line and token hold: the TypeScript rule and the Lua agree', () => {
  const worlds = redisWorlds('line');

  // Thousands of cases, each a round trip to Redis: over a minute on a busy machine.
  it('decideAdmission gives the same answers as ADMISSION_LUA (reason, retry, place in line)', async () => {
    const ops = await worlds.agree(casesOf(configArb, opArb, 60));
    expect(ops).toBeGreaterThan(10_000);
  }, 240_000);

  const rows = (priorities: number[]) =>
    simpleConfig({ users: priorities.length }).rows.map((row, i) => ({ ...row, priority: priorities[i]!, createdAt: new Date(T0 - 1000 + i) }));
  it.each<[string, CaseConfig, Op[], Admission]>([
    [
      'behind a more urgent head of the line: one token after its hold ends',
      simpleConfig({ rows: rows([0, 5, 0]) }),
      [admitOp(0, 0), admitOp(1, 1), admitOp(2, 1)],
      { admitted: false, reason: 'rate', retryAt: new Date(T0 + 13 + 100 + 13), place: 1, tokenUs: 12_500 },
    ],
    [
      'a less urgent row is denied the token held for the head, though it is there',
      simpleConfig({ rows: rows([0, 5, -1]) }),
      [admitOp(0, 0), admitOp(1, 1), admitOp(2, 20)],
      { admitted: false, reason: 'rate', retryAt: new Date(T0 + 13 + 100 + 13), place: 1, tokenUs: 12_500 },
    ],
    [
      'a row as urgent as the head takes the token the late head left',
      simpleConfig({ rows: rows([0, 0, 0]) }),
      [admitOp(0, 0), admitOp(1, 1), admitOp(2, 20)],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 21 + 13), sendAt: new Date(T0 + 21) },
    ],
    [
      'an urgent row is not held back',
      simpleConfig({ rows: rows([0, 0, 9]) }),
      [admitOp(0, 0), admitOp(1, 1), admitOp(2, 20)],
      { admitted: true, countsNewUser: false, nextTokenAt: new Date(T0 + 21 + 13), sendAt: new Date(T0 + 21) },
    ],
  ])('%s', async (_name, config, ops, last) => {
    const answers = await worlds.inWorld((world) => runCase(world, config, ops));
    expect(answers.at(-1)).toEqual(last);
  });
});
