import { retryDelayMs } from './retry-schedule.js';

describe('retryDelayMs', () => {
  const options = { initialDelayMs: 1000, maxDelayMs: 3_600_000, maxAgeMs: 7 * 86_400_000 };

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [12, 2_048_000],
    [13, 3_600_000],
    [500, 3_600_000],
  ])('retry #%i waits %i ms', (retry, delay) => {
    expect(retryDelayMs(retry, options)).toBe(delay);
  });
});
