import { describe, expect, it } from '@jest/globals';
import { isOnline, sameViewers, viewersNow } from './presence.js';

describe('isOnline', () => {
  it('is online within the grace period of the last word from a tab, offline after it or never heard', () => {
    expect(isOnline(1_000, 31_000, 30_000)).toBe(true);
    expect(isOnline(1_000, 31_001, 30_000)).toBe(false);
    expect(isOnline(null, 0, 30_000)).toBe(false);
  });
});

describe('viewersNow', () => {
  const at = 100_000;
  it('keeps those still viewing, marks who types, typing first then by id', () => {
    const viewers = viewersNow(
      [
        { staffId: 'b', viewingUntil: at + 5_000, typingUntil: null },
        { staffId: 'c', viewingUntil: at + 5_000, typingUntil: at + 1 },
        { staffId: 'a', viewingUntil: at + 5_000, typingUntil: at - 1 },
        { staffId: 'gone', viewingUntil: at, typingUntil: at + 10 },
      ],
      at,
    );
    expect(viewers.map((v) => [v.staffId, v.typing])).toEqual([
      ['c', true],
      ['a', false],
      ['b', false],
    ]);
    expect(viewers[0]!.until).toBe(new Date(at + 5_000).toISOString());
  });

  it('says whether anything changed that others should hear of', () => {
    const one = viewersNow([{ staffId: 'a', viewingUntil: at + 10, typingUntil: null }], at);
    const later = viewersNow([{ staffId: 'a', viewingUntil: at + 20, typingUntil: null }], at);
    const typing = viewersNow([{ staffId: 'a', viewingUntil: at + 20, typingUntil: at + 5 }], at);
    expect(sameViewers(one, later)).toBe(true);
    expect(sameViewers(one, typing)).toBe(false);
    expect(sameViewers(one, [])).toBe(false);
  });
});
