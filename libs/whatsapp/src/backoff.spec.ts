import { backoffDelayMs, retryDelayMs } from './backoff.js';
import { classifyGraphError } from './classify-error.js';

const options = { baseMs: 100, maxMs: 10_000 };

describe('backoffDelayMs (full jitter)', () => {
  it.each([
    [0, 1, 100],
    [1, 1, 200],
    [3, 1, 800],
    [20, 1, 10_000],
    [5000, 1, 10_000],
    [3, 0.5, 400],
    [3, 0, 0],
    [-1, 1, 100],
    [Number.NaN, 1, 100],
    [Number.POSITIVE_INFINITY, 1, 100],
  ])('attempt %d with random %d → ceiling-scaled %d ms', (attempt, r, expected) => {
    // random() returns [0, 1): 1 stands for "just under 1".
    const random = () => (r === 1 ? 0.999_999_999 : r);
    const delay = backoffDelayMs(attempt, options, random);
    expect(delay).toBeLessThanOrEqual(expected);
    expect(delay).toBeGreaterThanOrEqual(r === 1 ? expected - 1 : expected);
  });

  it('stays within [0, ceiling) for any random value, even broken ones', () => {
    for (const r of [0, 0.1, 0.99, -3, 7, Number.NaN]) {
      const delay = backoffDelayMs(4, options, () => r);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(1600);
    }
  });
});

describe('retryDelayMs', () => {
  it('is null when the error must not be retried', () => {
    expect(retryDelayMs(classifyGraphError({ code: 131047 }), 0, { maxMs: 60_000 }, () => 0.5)).toBeNull();
  });

  it('waits at least the suggested delay, plus jitter', () => {
    const pair = classifyGraphError({ code: 131056 });
    expect(retryDelayMs(pair, 0, { maxMs: 600_000 }, () => 0)).toBe(6000);
    expect(retryDelayMs(pair, 2, { maxMs: 600_000 }, () => 0.5)).toBe(6000 + 12_000);
    expect(retryDelayMs(pair, 30, { maxMs: 600_000 }, () => 0.999)).toBe(600_000);
  });

  it('stops after the attempt budget of limited codes', () => {
    const unknown = classifyGraphError({ code: 131000 });
    expect(retryDelayMs(unknown, 2, { maxMs: 60_000 }, () => 0)).not.toBeNull();
    expect(retryDelayMs(unknown, 3, { maxMs: 60_000 }, () => 0)).toBeNull();
  });
});
