import { describe, expect, it } from '@jest/globals';
import { othersHere, viewersLine } from './viewers';

describe('othersHere', () => {
  it('leaves me out, and those whose tab has not said so lately', () => {
    const now = Date.parse('2026-12-05T10:00:00Z');
    const viewers = [
      { staff_id: 'me', typing: false, until: '2026-12-05T10:00:20Z' },
      { staff_id: 'ben', typing: true, until: '2026-12-05T10:00:20Z' },
      { staff_id: 'gone', typing: false, until: '2026-12-05T09:59:59Z' },
    ];
    expect(othersHere(viewers, 'me', now).map((v) => v.staff_id)).toEqual(['ben']);
  });
});

describe('viewersLine', () => {
  it('says who is here and who types, in a few words', () => {
    expect(viewersLine([])).toBeNull();
    expect(viewersLine([{ name: 'Ben', typing: false }])).toBe('Ben is here too');
    expect(
      viewersLine([
        { name: 'Ben', typing: true },
        { name: 'Dana', typing: false },
      ]),
    ).toBe('Ben is typing a reply…');
    expect(
      viewersLine([
        { name: 'Ben', typing: false },
        { name: 'Dana', typing: false },
      ]),
    ).toBe('Ben and Dana are here too');
    expect(
      viewersLine([
        { name: 'A', typing: true },
        { name: 'B', typing: true },
      ]),
    ).toBe('2 others are typing replies…');
    expect(
      viewersLine([
        { name: 'A', typing: false },
        { name: 'B', typing: false },
        { name: 'C', typing: false },
      ]),
    ).toBe('3 others are here too');
  });
});
