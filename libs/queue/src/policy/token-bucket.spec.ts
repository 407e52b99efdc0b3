import fc from 'fast-check';
import { assertBucketRate, takeToken, TOKEN_UNITS, type BucketRate, type TokenBucketState } from './token-bucket.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const state = (tokens: number, ms: number): TokenBucketState => ({ units: Math.round(tokens * TOKEN_UNITS), at: at(ms) });

describe('takeToken', () => {
  it.each<[string, TokenBucketState | null, number, BucketRate, boolean, number, number]>([
    // name, state, now (ms after T0), rate, granted, nextAt (ms after T0), units left
    ['a fresh bucket is full', null, 0, { ratePerSec: 80, burst: 1 }, true, 13, 0],
    ['fresh, burst 3: two tokens left', null, 0, { ratePerSec: 80, burst: 3 }, true, 0, 2 * TOKEN_UNITS],
    ['empty, 12 ms later: not yet (12.5 ms per token at 80/s)', state(0, 0), 12, { ratePerSec: 80, burst: 1 }, false, 13, 960_000],
    ['empty, 13 ms later: granted (the extra half ms is capped away at burst 1)', state(0, 0), 13, { ratePerSec: 80, burst: 1 }, true, 26, 0],
    ['burst 2, 13 ms after empty: granted, the half ms kept', state(0, 0), 13, { ratePerSec: 80, burst: 2 }, true, 25, 40_000],
    ['refill is capped at the burst', state(0, 0), 60_000, { ratePerSec: 80, burst: 2 }, true, 60_000, TOKEN_UNITS],
    ['1000/s: one token per ms', state(0, 0), 1, { ratePerSec: 1000, burst: 1 }, true, 2, 0],
    ['a slowed 0.5/s bucket waits 2 s', state(0, 0), 500, { ratePerSec: 0.5, burst: 1 }, false, 2000, 250_000],
    ['a clock behind the stored one refills nothing and keeps the stored time', state(0.5, 100), 40, { ratePerSec: 80, burst: 1 }, false, 107, 500_000],
    ['a lowered burst caps what was stored', state(5, 0), 0, { ratePerSec: 80, burst: 2 }, true, 0, TOKEN_UNITS],
  ])('%s', (_name, before, now, rate, granted, nextAt, units) => {
    const result = takeToken(before, at(now), rate);
    expect(result.granted).toBe(granted);
    expect(result.nextAt.getTime() - T0).toBe(nextAt);
    expect(result.state.units).toBe(units);
  });

  it('a refused caller that comes back at nextAt is granted', () => {
    const first = takeToken(state(0, 0), at(3), { ratePerSec: 7, burst: 1 });
    expect(first.granted).toBe(false);
    expect(takeToken(first.state, first.nextAt, { ratePerSec: 7, burst: 1 }).granted).toBe(true);
  });

  it.each<[BucketRate]>([[{ ratePerSec: 0, burst: 1 }], [{ ratePerSec: -1, burst: 1 }], [{ ratePerSec: Number.NaN, burst: 1 }], [{ ratePerSec: 80, burst: 0 }], [{ ratePerSec: 80, burst: 1.5 }]])('refuses %j', (rate) => {
    expect(() => takeToken(null, at(0), rate)).toThrow(RangeError);
    expect(() => assertBucketRate(rate)).toThrow(RangeError);
  });

  it.each<[number, number]>([
    [80, 1],
    [80, 5],
    [1000, 1],
    [20, 1],
    [3, 2],
  ])('at %d/s, burst %d: no 1-second window carries more than rate + burst − 1', (ratePerSec, burst) => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 50, maxLength: 600 }), (gaps) => {
        let bucket: TokenBucketState | null = null;
        let now = 0;
        const sent: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const result = takeToken(bucket, at(now), { ratePerSec, burst });
          bucket = result.state;
          if (result.granted) sent.push(now);
        }
        let busiest = 0;
        for (let i = 0, j = 0; i < sent.length; i++) {
          while (sent[i] - sent[j] >= 1000) j++;
          busiest = Math.max(busiest, i - j + 1);
        }
        expect(busiest).toBeLessThanOrEqual(ratePerSec + burst - 1);
      }),
      { numRuns: 60 },
    );
  });

  it('a worker that always comes back at nextAt sends at the full rate', () => {
    let bucket: TokenBucketState | null = null;
    let now = 0;
    let sent = 0;
    while (now < 10_000) {
      const result = takeToken(bucket, at(now), { ratePerSec: 80, burst: 1 });
      bucket = result.state;
      if (result.granted) sent++;
      now = result.granted ? now : result.nextAt.getTime() - T0;
    }
    // 12.5 ms per token, rounded to whole ms on the way: a hair under 80/s, never over.
    expect(sent).toBeGreaterThanOrEqual(770);
    expect(sent).toBeLessThanOrEqual(801);
  });
});
