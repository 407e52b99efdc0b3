import { nextDeliveryAttempt, shouldDisableEndpoint } from './delivery-schedule.js';

const options = { baseMs: 1_000, maxDelayMs: 60_000, giveUpAfterMs: 3 * 86_400_000 };
const eventAt = new Date('2026-12-01T00:00:00Z');
const at = (ms: number) => new Date(eventAt.getTime() + ms);

describe('nextDeliveryAttempt', () => {
  it.each([
    [1, 0, 500],
    [1, 0.999_999, 999],
    [2, 0, 1_000],
    [3, 0.5, 3_000],
    [8, 0.999_999, 59_999],
    [40, 0, 30_000],
    [0, 0, 500],
    [Number.NaN, 0, 500],
  ])('after attempt %d with random %d waits %d ms', (attempts, r, wait) => {
    const now = at(10_000);
    const decision = nextDeliveryAttempt(attempts, eventAt, now, options, () => r);
    expect(decision).toEqual({ retry: true, at: new Date(now.getTime() + wait) });
  });

  it('gives up once the event is three days old, and never schedules past that', () => {
    expect(nextDeliveryAttempt(50, eventAt, at(options.giveUpAfterMs), options, () => 0.5)).toEqual({ retry: false });
    const late = nextDeliveryAttempt(50, eventAt, at(options.giveUpAfterMs - 10), options, () => 0.5);
    expect(late).toEqual({ retry: true, at: at(options.giveUpAfterMs) });
  });

  it('keeps broken random values within the jitter band', () => {
    for (const r of [-1, 7, Number.NaN]) {
      const decision = nextDeliveryAttempt(2, eventAt, at(0), options, () => r);
      expect(decision.retry && decision.at.getTime() - eventAt.getTime()).toBeGreaterThanOrEqual(1_000);
      expect(decision.retry && decision.at.getTime() - eventAt.getTime()).toBeLessThanOrEqual(2_000);
    }
  });
});

describe('shouldDisableEndpoint', () => {
  const rule = { minFailures: 3, failingForMs: 60_000 };
  it.each([
    [2, at(0), at(120_000), false],
    [3, at(0), at(59_999), false],
    [3, at(0), at(60_000), true],
    [10, null, at(120_000), false],
  ])('%d failures since %s, now %s → %s', (failures, since, now, expected) => {
    expect(shouldDisableEndpoint(failures, since, now, rule)).toBe(expected);
  });
});
