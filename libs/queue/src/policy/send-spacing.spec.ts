import { nextSendSlot } from './send-spacing.js';

describe('nextSendSlot: one process never bunches its sends to a number', () => {
  it('sends at once when nothing went out before, or long enough ago', () => {
    expect(nextSendSlot(null, 1_000, 80)).toBe(1_000);
    expect(nextSendSlot(900, 1_000, 80)).toBe(1_000);
  });

  it('spaces a burst of late sends 1000/cap apart: no window of one second holds more than the cap', () => {
    // 200 rows whose tokens were due over the last 2.7 s all come back at once (a stalled loop).
    let slot: number | null = null;
    const slots: number[] = [];
    for (let i = 0; i < 200; i++) slots.push((slot = nextSendSlot(slot, 5_000, 80)));
    expect(slots[1]! - slots[0]!).toBe(12.5);
    const most = Math.max(...slots.map((start) => slots.filter((s) => s >= start && s < start + 1_000).length));
    expect(most).toBe(80);
  });

  it('refuses a cap that is not a positive rate', () => {
    expect(() => nextSendSlot(null, 0, 0)).toThrow(RangeError);
    expect(() => nextSendSlot(null, 0, Number.NaN)).toThrow(RangeError);
  });
});
