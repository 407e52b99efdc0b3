import { median, p90 } from './percentile.js';

/** The rank PostgreSQL's percentile_disc takes: ⌈fraction · n⌉ in floating point, at least 1. */
const percentileDiscRank = (n: number, percent: number) => Math.max(1, Math.ceil((percent / 100) * n));

describe('the reports’ percentiles: nearest rank, as percentile_disc', () => {
  it.each([
    [[7], 7, 7],
    [[20, 10], 10, 20],
    [[30, 10, 20], 20, 30],
    [[40, 10, 30, 20], 20, 40],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 100], 5, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 100, 200], 6, 100],
  ])('%j: median %i, p90 %i', (values, m, p) => {
    expect(median(values)).toBe(m);
    expect(p90(values)).toBe(p);
  });

  it('takes a sample that exists, never an average, and sorts numerically (not as text)', () => {
    expect(median([100, 9, 20, 3])).toBe(9);
    expect(median([90, 100])).toBe(90);
  });

  it('is null without samples and leaves its input alone', () => {
    expect(median([])).toBeNull();
    expect(p90([])).toBeNull();
    const values = [100, 9, 20];
    median(values);
    expect(values).toEqual([100, 9, 20]);
  });

  it('picks the rank percentile_disc picks (⌈p·n/100⌉ in floating point), which is the exact whole-number rank', () => {
    for (let n = 1; n <= 500; n++) {
      const sorted = Array.from({ length: n }, (_, i) => i + 1);
      expect([n, median(sorted), p90(sorted)]).toEqual([n, percentileDiscRank(n, 50), percentileDiscRank(n, 90)]);
    }
    // Never one rank too high from floating point (0.9 · n just above a whole number).
    for (let n = 1; n <= 200_000; n++) {
      if (percentileDiscRank(n, 90) !== Math.max(1, Math.ceil((90 * n) / 100))) throw new Error(`p90 rank of ${n}`);
      if (percentileDiscRank(n, 50) !== Math.max(1, Math.ceil((50 * n) / 100))) throw new Error(`median rank of ${n}`);
    }
  });
});
