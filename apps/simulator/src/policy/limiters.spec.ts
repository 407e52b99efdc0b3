import { PairLimiter } from './pair-limiter.js';
import { ServiceWindows } from './service-windows.js';
import { ThroughputLimiter } from './throughput-limiter.js';

describe('ThroughputLimiter (sliding one-second window)', () => {
  it.each([
    [80, 0, 80, false],
    [80, 999, 80, false],
    [80, 1000, 80, true],
    [80, 0, 79, true],
    [20, 500, 20, false],
  ])('mps %i: %i ms after %i sends, allows another: %s', (mps, elapsed, sends, allowed) => {
    const limiter = new ThroughputLimiter();
    for (let i = 0; i < sends; i++) limiter.record('pn', 0);
    expect(limiter.allows('pn', mps, elapsed)).toBe(allowed);
    expect(limiter.allows('other', mps, elapsed)).toBe(true);
  });

  it('slides over a long run at a steady rate, and forgets sends a clock moved backwards left in its future', () => {
    const limiter = new ThroughputLimiter();
    // One send every millisecond: just before the send at t, the window (t - 1000, t] holds min(t, 999).
    for (let t = 0; t < 5000; t++) {
      const inWindow = Math.min(t, 999);
      expect([limiter.allows('pn', inWindow, t), limiter.allows('pn', inWindow + 1, t)]).toEqual([false, true]);
      limiter.record('pn', t);
    }
    expect(limiter.allows('pn', 1000, 4999)).toBe(false);
    expect(limiter.allows('pn', 1000, 5000)).toBe(true);
    // Back 501 ms: the sends after 4499 leave; those that had already left (≤ 4000) stay gone.
    expect([limiter.allows('pn', 499, 4499), limiter.allows('pn', 500, 4499)]).toEqual([false, true]);
  });
});

describe('PairLimiter (token bucket per number and user)', () => {
  it.each([
    // burst, send times, expected decisions
    [1, [0, 5999, 6000], [true, false, true]],
    [1, [0, 12000, 12001], [true, true, false]],
    [3, [0, 0, 0, 0, 6000, 6000], [true, true, true, false, true, false]],
  ])('burst %i at %j → %j', (burst, times, expected) => {
    const limiter = new PairLimiter();
    const decisions = times.map((t) => {
      const ok = limiter.allows('pn', 'u', t, 6000, burst);
      if (ok) limiter.record('pn', 'u', t, 6000, burst);
      return ok;
    });
    expect(decisions).toEqual(expected);
  });
});

describe('ServiceWindows', () => {
  it.each([
    [undefined, 0, false],
    [0, 0, true],
    [0, 86_399_999, true],
    [0, 86_400_000, false],
  ])('last inbound %p, now %i → open %s', (last, now, open) => {
    const windows = new ServiceWindows();
    if (last !== undefined) windows.touch('pn', 'u', last);
    expect(windows.isOpen('pn', 'u', now, 86_400_000)).toBe(open);
    expect(windows.isOpen('other-number', 'u', now, 86_400_000)).toBe(false);
  });
});
