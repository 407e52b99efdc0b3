import { p95Above, rateAboveUsual, sustainedAbove } from './thresholds.js';

const MIN = 60_000;
const readings = (values: number[], step = MIN, start = 0) => values.map((value, i) => ({ at: start + i * step, value }));

describe('sustainedAbove', () => {
  it('needs readings above the threshold for the whole span', () => {
    // Readings at 0..5 min, all 1: above 0 for 5 minutes at 5 min.
    expect(sustainedAbove(readings([1, 1, 1, 1, 1, 1]), 0, 5 * MIN, 5 * MIN)).toBe(true);
  });

  it('is false before the span has passed', () => {
    expect(sustainedAbove(readings([1, 1, 1, 1, 1]), 0, 5 * MIN, 4 * MIN)).toBe(false);
    expect(sustainedAbove([], 0, 5 * MIN, 5 * MIN)).toBe(false);
  });

  it('one reading at or below the threshold inside the span clears it', () => {
    expect(sustainedAbove(readings([1, 1, 1, 0, 1, 1]), 0, 5 * MIN, 5 * MIN)).toBe(false);
  });

  it('older readings before the span do not matter', () => {
    expect(sustainedAbove(readings([0, 0, 1, 1, 1, 1, 1, 1]), 0, 5 * MIN, 7 * MIN)).toBe(true);
    expect(sustainedAbove(readings([0, 0, 1, 1, 1, 1, 1, 1]), 0, 5 * MIN, 6 * MIN)).toBe(false);
  });

  it('ignores readings from the future', () => {
    expect(sustainedAbove(readings([1, 1, 1, 1, 1, 1, 0]), 0, 5 * MIN, 5 * MIN)).toBe(true);
  });
});

describe('rateAboveUsual', () => {
  const rule = { factor: 3, floor: 0.05, minTotal: 20 };

  it('compares the recent rate with the usual one times the factor', () => {
    expect(rateAboveUsual({ hits: 10, total: 100 }, { hits: 20, total: 1000 }, rule)).toEqual({
      breached: true,
      recentRate: 0.1,
      usualRate: 0.02,
      limit: 0.06,
    });
    expect(rateAboveUsual({ hits: 5, total: 100 }, { hits: 20, total: 1000 }, rule).breached).toBe(false);
  });

  it('uses the floor while there is no history', () => {
    expect(rateAboveUsual({ hits: 4, total: 100 }, { hits: 0, total: 0 }, rule)).toMatchObject({ breached: false, usualRate: null, limit: 0.05 });
    expect(rateAboveUsual({ hits: 6, total: 100 }, { hits: 0, total: 0 }, rule)).toMatchObject({ breached: true, usualRate: null, limit: 0.05 });
  });

  it('says nothing about too few events', () => {
    expect(rateAboveUsual({ hits: 10, total: 10 }, { hits: 0, total: 0 }, rule).breached).toBe(false);
  });
});

describe('p95Above', () => {
  it('needs enough samples and a p95 over the bound', () => {
    expect(p95Above({ count: 10, p50: 1000, p95: 400_000 }, 300_000, 5)).toBe(true);
    expect(p95Above({ count: 10, p50: 1000, p95: 200_000 }, 300_000, 5)).toBe(false);
    expect(p95Above({ count: 3, p50: 1000, p95: 400_000 }, 300_000, 5)).toBe(false);
  });
});
