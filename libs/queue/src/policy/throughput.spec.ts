import { DEFAULT_THROUGHPUT, effectiveThroughput, slowDown, type ThroughputSlowdown } from './throughput.js';

const now = new Date('2026-11-30T10:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms);

describe('slowDown', () => {
  it.each<[string, ThroughputSlowdown | null, number, number]>([
    ['first 130429 halves for a minute', null, 0.5, 60_000],
    ['a second one while slowed halves again and extends', { factor: 0.5, until: plus(30_000) }, 0.25, 60_000],
    ['never below the floor', { factor: 1 / 16, until: plus(30_000) }, 1 / 16, 60_000],
    ['an expired slowdown starts afresh', { factor: 0.125, until: plus(-1) }, 0.5, 60_000],
    ['a longer one already running keeps its end', { factor: 0.5, until: plus(600_000) }, 0.25, 600_000],
  ])('%s', (_name, previous, factor, untilMs) => {
    expect(slowDown(previous, now)).toEqual({ factor, until: plus(untilMs) });
  });
});

describe('effectiveThroughput', () => {
  it.each<[string, ThroughputSlowdown | null, { ratePerSec: number; burst: number }]>([
    ['no slowdown', null, { ratePerSec: 80, burst: 10 }],
    ['halved while it lasts', { factor: 0.5, until: plus(1) }, { ratePerSec: 40, burst: 5 }],
    ['burst never below 1', { factor: 1 / 16, until: plus(1) }, { ratePerSec: 5, burst: 1 }],
    ['back to configured once over', { factor: 0.5, until: now }, { ratePerSec: 80, burst: 10 }],
  ])('%s', (_name, slowdown, rate) => {
    expect(effectiveThroughput({ ratePerSec: 80, burst: 10 }, slowdown, now)).toEqual(rate);
  });

  it('defaults to Meta’s 80 msg/s', () => {
    expect(DEFAULT_THROUGHPUT).toEqual({ ratePerSec: 80, burst: 1 });
  });
});
