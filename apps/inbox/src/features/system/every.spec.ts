import { everyWords, looksStalled } from './every';

describe('background work in words', () => {
  it('says how often', () => {
    expect(everyWords(5_000)).toBe('every 5 s');
    expect(everyWords(3_600_000)).toBe('every 1 h');
    expect(everyWords(120_000)).toBe('every 2 min');
    expect(everyWords(250)).toBe('every 250 ms');
    expect(everyWords(null)).toBe('on demand');
  });

  it('calls a task stalled after three missed intervals, never an on-demand one', () => {
    const now = Date.parse('2026-12-04T12:00:00Z');
    expect(looksStalled(5_000, '2026-12-04T11:59:50Z', now)).toBe(false);
    expect(looksStalled(5_000, '2026-12-04T11:59:30Z', now)).toBe(true);
    expect(looksStalled(null, '2026-12-01T00:00:00Z', now)).toBe(false);
    expect(looksStalled(5_000, null, now)).toBe(false);
  });
});
