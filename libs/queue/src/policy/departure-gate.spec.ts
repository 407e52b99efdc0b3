import fc from 'fast-check';
import { departureGapUs, isLateDeparture, reserveDeparture, type DepartureRule } from './departure-gate.js';

const meta: DepartureRule = { cap: 80, spacingPerSec: 80, marginMs: 60 };
const S = 1_000_000;

/** Reserves one departure per request time (µs), returning the departures. */
function reserveAll(times: readonly number[], rule: DepartureRule): number[] {
  let recent: number[] = [];
  return times.map((t) => {
    const next = reserveDeparture(recent, t, rule);
    recent = next.recent;
    return next.departUs;
  });
}

/** The most departures inside any window of `windowUs` (sorted input). */
function busiest(times: readonly number[], windowUs: number): number {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= windowUs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

describe('reserveDeparture', () => {
  it.each<[string, number[], number, number]>([
    ['nothing reserved: now', [], 5 * S, 5 * S],
    ['one a moment ago: the cap’s spacing after it', [5 * S - 2_000], 5 * S, 5 * S - 2_000 + 12_500],
    ['a long-past one changes nothing', [1 * S], 5 * S, 5 * S],
  ])('%s', (_name, recent, now, departUs) => {
    expect(reserveDeparture(recent, now, meta).departUs).toBe(departUs);
  });

  it('a burst of 200 requests at once leaves at the cap’s spacing, never more than the cap in 1 s + margin', () => {
    const departures = reserveAll(new Array(200).fill(10 * S), meta);
    expect(departures.slice(0, 3)).toEqual([10 * S, 10 * S + 12_500, 10 * S + 25_000]);
    expect(busiest(departures, 1_060_000)).toBe(80);
  });

  it('the cap-th newest reservation holds the next one back until it leaves the window', () => {
    // 80 reserved 12.5 ms apart from t=0 (the last at 987.5 ms): the 81st waits for the first + 1.06 s.
    const recent = Array.from({ length: 80 }, (_, i) => i * 12_500);
    expect(reserveDeparture(recent, 990_000, meta).departUs).toBe(1_060_000);
  });

  it('keeps only what can still matter: the newest cap inside the window', () => {
    const { recent } = reserveDeparture(
      Array.from({ length: 200 }, (_, i) => i * 1_000),
      1_100_000,
      { cap: 50, spacingPerSec: 50, marginMs: 0 },
    );
    // The 50th newest (150 ms) is still in the window at 1.1 s: this one leaves at 1.15 s.
    expect(recent.length).toBe(50);
    expect(recent.at(-1)).toBe(1_150_000);
  });

  it('spacing: 12.5 ms at 80 msg/s, 13.2 ms at 76, 1 ms at 1,000', () => {
    expect([80, 76, 1000, 3].map((spacingPerSec) => departureGapUs({ spacingPerSec }))).toEqual([12_500, 13_158, 1_000, 333_334]);
  });

  it('spaced slower than the cap, a late burst catches up without reaching the cap in any second', () => {
    const departures = reserveAll(new Array(200).fill(10 * S), { cap: 80, spacingPerSec: 76, marginMs: 60 });
    expect(busiest(departures, S)).toBe(76);
  });

  it('property: whatever the requests, departures are ordered, spaced, and at most cap in any 1 s + margin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 400 }),
        (cap, pace, marginMs, gaps) => {
          const rule = { cap, spacingPerSec: cap * pace, marginMs };
          let t = 0;
          const requests = gaps.map((g) => (t += g));
          const departures = reserveAll(requests, rule);
          expect(departures.every((d, i) => d >= requests[i]!)).toBe(true);
          const spacing = departures.slice(1).map((d, i) => d - departures[i]!);
          expect(Math.min(...spacing, Infinity)).toBeGreaterThanOrEqual(departureGapUs(rule));
          expect(busiest(departures, (1000 + marginMs) * 1000)).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });

  it('property: arrivals up to the margin late still never put more than cap in a sliding second', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 60_000 })), { minLength: 1, maxLength: 500 }), (sends) => {
        let t = 0;
        const departures = reserveAll(
          sends.map(([gap]) => (t += gap)),
          meta,
        );
        const arrivals = departures.map((d, i) => d + sends[i]![1]).sort((a, b) => a - b);
        expect(busiest(arrivals, S)).toBeLessThanOrEqual(80);
      }),
    );
  });
});

describe('isLateDeparture', () => {
  it.each<[number, boolean]>([
    [0, false],
    [15_000, false],
    [15_001, true],
  ])('%i µs after its moment: late %s (a quarter of a 60 ms margin)', (lateUs, late) => {
    expect(isLateDeparture(1_000_000, 1_000_000 + lateUs, meta)).toBe(late);
  });
});
