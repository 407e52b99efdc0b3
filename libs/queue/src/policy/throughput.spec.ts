import { DEFAULT_THROUGHPUT, effectiveThroughput, slowDown, slowFactorAt, type ThroughputSlowdown } from './throughput.js';

const now = new Date('2026-11-30T10:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms);
/** Cut to `factor` at `cutAt`, held 1 s, climbing back a quarter per second (the defaults). */
const cut = (factor: number, cutAt = 0): ThroughputSlowdown => ({
  factor,
  rampFrom: plus(cutAt + 1_000),
  rampPerMs: 1 / 4_000,
  until: plus(cutAt + 1_000 + Math.ceil((1 - factor) * 4_000)),
});

describe('slowDown: multiplicative decrease, then additive increase', () => {
  it.each<[string, ThroughputSlowdown | null, number, ThroughputSlowdown]>([
    ['the first 130429 halves, holds 1 s, and is back in full 2 s later', null, 0, cut(0.5)],
    ['a refusal during the hold changes nothing: it left before the cut', cut(0.5, -500), 0, cut(0.5, -500)],
    ['halfway back (0.75), a second one halves that', cut(0.5, -2_000), 0, cut(0.375)],
    ['never below the floor', cut(1 / 16, -1_000), 0, cut(1 / 16)],
    ['one after the rate is back in full starts afresh', cut(0.125, -10_000), 0, cut(0.5)],
  ])('%s', (_name, previous, _unused, next) => {
    expect(slowDown(previous, now)).toEqual(next);
  });
});

describe('slowFactorAt', () => {
  it.each<[string, number, number]>([
    ['during the hold', 999, 0.5],
    ['as the climb starts', 1_000, 0.5],
    ['halfway up', 2_000, 0.75],
    ['back in full', 3_000, 1],
    ['after it is over', 60_000, 1],
  ])('%s', (_name, atMs, factor) => {
    expect(slowFactorAt(cut(0.5), plus(atMs))).toBeCloseTo(factor, 12);
  });

  it('an upgraded number at 1,000 msg/s is back at ≥ 0.9 of its rate 2.6 s after one 130429', () => {
    const rate = effectiveThroughput({ ratePerSec: 900, burst: 12 }, slowDown(null, now), plus(2_600));
    expect(rate.ratePerSec).toBeGreaterThanOrEqual(0.9 * 900);
  });
});

describe('effectiveThroughput', () => {
  it.each<[string, ThroughputSlowdown | null, number, { ratePerSec: number; burst: number }]>([
    ['no slowdown', null, 0, { ratePerSec: 80, burst: 10 }],
    ['halved while it holds', cut(0.5), 500, { ratePerSec: 40, burst: 5 }],
    ['burst never below 1', cut(1 / 16), 500, { ratePerSec: 5, burst: 1 }],
    ['climbing back', cut(0.5), 2_000, { ratePerSec: 60, burst: 7 }],
    ['back to configured once over', cut(0.5), 3_000, { ratePerSec: 80, burst: 10 }],
  ])('%s', (_name, slowdown, atMs, rate) => {
    expect(effectiveThroughput({ ratePerSec: 80, burst: 10 }, slowdown, plus(atMs))).toEqual(rate);
  });

  it('defaults to Meta’s 80 msg/s', () => {
    expect(DEFAULT_THROUGHPUT).toEqual({ ratePerSec: 80, burst: 1 });
  });
});
