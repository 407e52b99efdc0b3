import { decodeQueueCursor, durationMs, encodeQueueCursor } from './work-item-paging.js';

describe('work queue paging and keys', () => {
  it.each([
    ['45s', 45_000],
    ['30m', 1_800_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
  ])('%s is %d ms', (spec, ms) => {
    expect(durationMs(spec)).toBe(ms);
  });

  it('round-trips a cursor and refuses one it did not give out', () => {
    const p = { atUs: 1767258000123456n, id: '00000000-0000-4000-8000-000000000001' };
    expect(decodeQueueCursor(encodeQueueCursor(p))).toEqual(p);
    expect(decodeQueueCursor('x')).toBeNull();
    expect(decodeQueueCursor(Buffer.from('["1","not-an-id"]').toString('base64url'))).toBeNull();
  });
});
