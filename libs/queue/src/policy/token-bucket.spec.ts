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

  it.each<[BucketRate]>([
    [{ ratePerSec: 0, burst: 1 }],
    [{ ratePerSec: -1, burst: 1 }],
    [{ ratePerSec: Number.NaN, burst: 1 }],
    [{ ratePerSec: 80, burst: 0 }],
    [{ ratePerSec: 80, burst: 1.5 }],
  ])('refuses %j', (rate) => {
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

  describe('taken ahead (leadMs)', () => {
    it.each<[string, TokenBucketState | null, number, number, boolean, number, number | null, number]>([
      // name, state, now (ms after T0), lead ms, granted, nextAt, sendAt (ms after T0), units left — all at 80/s, burst 1
      ['a token that is there: send now; the next may be asked for 2.5 ms before it is due', null, 0, 10, true, 3, 0, 0],
      ['due in 8 ms, lead 10: taken, send at 8', state(0.4, 0), 0, 10, true, 10, 8, -600_000],
      ['due in 13 ms, lead 10: not yet; ask again in 3 ms', state(0, 0), 0, 10, false, 3, null, 0],
      ['asked again in 3 ms: taken, send at 13 (when it is there)', state(0, 0), 3, 10, true, 15, 13, -760_000],
      ['a second one ahead is not there: what was taken ahead is owed', state(-0.76, 3), 3, 10, false, 15, null, -760_000],
    ])('%s', (_name, before, now, leadMs, granted, nextAt, sendAt, units) => {
      const result = takeToken(before, at(now), { ratePerSec: 80, burst: 1 }, leadMs);
      expect(result.granted).toBe(granted);
      expect(result.nextAt.getTime() - T0).toBe(nextAt);
      expect(result.sendAt === null ? null : result.sendAt.getTime() - T0).toBe(sendAt);
      expect(result.state.units).toBe(units);
    });

    it.each<[number, number, number]>([
      [72, 1, 55],
      [80, 1, 20],
      [1000, 3, 4],
      [5, 1, 800],
    ])('at %d/s, burst %d, lead %d ms: no 1-second window carries more sends (at sendAt) than rate + burst − 1', (ratePerSec, burst, leadMs) => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 50, maxLength: 600 }), (gaps) => {
          let bucket: TokenBucketState | null = null;
          let now = 0;
          const sent: number[] = [];
          for (const gap of gaps) {
            now += gap;
            const result = takeToken(bucket, at(now), { ratePerSec, burst }, leadMs);
            bucket = result.state;
            if (result.sendAt) sent.push(result.sendAt.getTime() - T0);
          }
          // Taken in order, due in order.
          expect([...sent].sort((a, b) => a - b)).toEqual(sent);
          let busiest = 0;
          for (let i = 0, j = 0; i < sent.length; i++) {
            while (sent[i]! - sent[j]! >= 1000) j++;
            busiest = Math.max(busiest, i - j + 1);
          }
          expect(busiest).toBeLessThanOrEqual(ratePerSec + burst - 1);
        }),
        { numRuns: 60 },
      );
    });

    it('a sender up to the lead late on every token still sends at the full rate; without the lead it loses the time', () => {
      // 72/s, burst 1: each sender comes back 0–10 ms after it was told (a job's wake-up, a busy loop).
      const run = (leadMs: number) => {
        let bucket: TokenBucketState | null = null;
        let now = 0;
        let sent = 0;
        let lateness = 0;
        while (now < 10_000) {
          const result = takeToken(bucket, at(now), { ratePerSec: 72, burst: 1 }, leadMs);
          bucket = result.state;
          if (result.granted) sent++;
          lateness = (lateness + 7) % 11;
          now = result.nextAt.getTime() - T0 + lateness;
        }
        return sent / 10;
      };
      expect(run(20)).toBeGreaterThanOrEqual(71);
      expect(run(20)).toBeLessThanOrEqual(72.2);
      expect(run(0)).toBeLessThan(60);
    });
  });
});
