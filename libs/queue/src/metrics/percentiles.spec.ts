import { distribution, percentile } from './percentiles.js';

describe('percentile (nearest rank)', () => {
  it('is a value that was observed', () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 95)).toBe(5);
    expect(percentile(values, 20)).toBe(1);
    expect(percentile(values, 100)).toBe(5);
  });

  it('p95 of twenty values is the 19th smallest', () => {
    const values = Array.from({ length: 20 }, (_, i) => (i + 1) * 1000);
    expect(percentile(values, 95)).toBe(19_000);
    expect(percentile(values, 50)).toBe(10_000);
  });

  it('is null for no values and refuses a percentile out of range', () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });

  it('distribution gives count, p50 and p95', () => {
    expect(distribution([2000, 2000, 7000])).toEqual({ count: 3, p50: 2000, p95: 7000 });
    expect(distribution([])).toEqual({ count: 0, p50: null, p95: null });
  });
});
