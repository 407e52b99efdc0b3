import { ENDPOINT_RATE_LUA, endpointRateArgs, endpointRateKeys, endpointSlotIntervalMs, reserveEndpointSlots } from './endpoint-rate.js';

const T0 = 1_800_000_000_000;

// The script runs against reserveEndpointSlots on a real Redis in test/rules/endpoint-rate.e2e.ts.
describe('an event endpoint’s rate_per_second: evenly spaced departure slots', () => {
  it.each([
    [1, 1000],
    [3, 334],
    [10, 100],
    [1000, 1],
  ])('%p per second is one slot every %p ms', (perSecond, interval) => {
    expect(endpointSlotIntervalMs(perSecond)).toBe(interval);
  });

  it.each([0, 1001, 2.5])('refuses a rate of %p', (perSecond) => {
    expect(() => endpointSlotIntervalMs(perSecond)).toThrow(RangeError);
  });

  it('hands out the next free slots within the horizon, as many as wanted', () => {
    expect(reserveEndpointSlots(null, T0, 5, 4, 1000)).toEqual({ slots: [T0, T0 + 200, T0 + 400, T0 + 600], nextFreeMs: T0 + 800 });
    expect(reserveEndpointSlots(null, T0, 5, 10, 1000)).toEqual({ slots: [T0, T0 + 200, T0 + 400, T0 + 600, T0 + 800], nextFreeMs: T0 + 1000 });
    // The horizon is short: fewer slots, the rest wait for a later poll (not an attempt).
    expect(reserveEndpointSlots(null, T0, 5, 10, 300).slots).toEqual([T0, T0 + 200]);
  });

  it('a second worker gets the slots after the first one’s; none at all once they lie beyond its horizon', () => {
    const first = reserveEndpointSlots(null, T0, 2, 4, 1000);
    expect(first.slots).toEqual([T0, T0 + 500]);
    const second = reserveEndpointSlots(first.nextFreeMs, T0 + 10, 2, 4, 1000);
    expect(second).toEqual({ slots: [T0 + 1000], nextFreeMs: T0 + 1500 });
    expect(reserveEndpointSlots(second.nextFreeMs, T0 + 20, 2, 4, 1000)).toEqual({ slots: [], nextFreeMs: T0 + 1500 });
  });

  it('an idle endpoint starts from now: unused slots of the past are not saved up', () => {
    expect(reserveEndpointSlots(T0, T0 + 60_000, 5, 3, 1000).slots).toEqual([T0 + 60_000, T0 + 60_200, T0 + 60_400]);
  });

  it('never puts more than the rate in any 1 s window, however workers ask', () => {
    for (const perSecond of [1, 3, 7, 10, 333]) {
      let next: number | null = null;
      const all: number[] = [];
      for (let t = T0; t < T0 + 5_000; t += 37) {
        const r = reserveEndpointSlots(next, t, perSecond, 1 + (t % 5), 1000);
        next = r.nextFreeMs;
        all.push(...r.slots);
      }
      for (const start of all) expect(all.filter((s) => s >= start && s < start + 1000).length).toBeLessThanOrEqual(perSecond);
    }
  });

  it('the script and its arguments', () => {
    expect(ENDPOINT_RATE_LUA).not.toMatch(/KEYS\[3\]|ARGV\[6\]/);
    expect(endpointRateArgs(T0 + 0.7, 5, 3, 5_000)).toEqual([String(T0), '200', '3', '1000', '60']);
    const keys = endpointRateKeys('sendbook', 'e1');
    expect(keys).toEqual({ next: 'sendbook:{event-endpoint:e1}:next-slot', ledger: 'sendbook:{event-endpoint:e1}:rate-ledger' });
  });
});
