import { beforeCondition, comparePositions, decodeTimelineCursor, encodeTimelineCursor, mergePage, type TimelinePosition } from './timeline-cursor.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (us: number, kind: TimelinePosition['kind'], n: number): TimelinePosition => ({ atUs: BigInt(us), kind, id: id(n) });

describe('timeline positions', () => {
  it.each([
    [at(1, 'inbound', 1), at(2, 'inbound', 1), -1],
    [at(2, 'inbound', 9), at(2, 'outbound', 1), -1],
    [at(2, 'note', 1), at(2, 'outbound', 9), 1],
    [at(2, 'outbound', 1), at(2, 'outbound', 2), -1],
    [at(2, 'outbound', 2), at(2, 'outbound', 2), 0],
    // A message sent from the WhatsApp Business app at the same microsecond: after ours, before a note.
    [at(2, 'echo', 1), at(2, 'outbound', 9), 1],
    [at(2, 'echo', 9), at(2, 'note', 1), -1],
  ])('%j vs %j', (a, b, sign) => {
    expect(Math.sign(comparePositions(a, b))).toBe(sign);
  });

  it.each([
    ['inbound', 'outbound', 'at_or_before'],
    ['note', 'outbound', 'strictly_before'],
    ['outbound', 'outbound', 'before_by_id'],
    ['echo', 'outbound', 'strictly_before'],
    ['echo', 'note', 'at_or_before'],
    ['echo', 'echo', 'before_by_id'],
  ] as const)('a %s row against a %s cursor: %s', (kind, cursorKind, condition) => {
    expect(beforeCondition(kind, at(5, cursorKind, 1))).toBe(condition);
  });

  it('round-trips through the cursor, microseconds included, and refuses what it did not give out', () => {
    const p = at(1767258000123456, 'note', 7);
    expect(decodeTimelineCursor(encodeTimelineCursor(p))).toEqual(p);
    expect(decodeTimelineCursor(encodeTimelineCursor(at(5, 'echo', 2)))).toEqual(at(5, 'echo', 2));
    expect(decodeTimelineCursor('not-a-cursor')).toBeNull();
    expect(decodeTimelineCursor(Buffer.from(JSON.stringify(['1', 'email', id(1)])).toString('base64url'))).toBeNull();
  });

  it('merges the sources into the newest page, oldest first, and says whether more are older', () => {
    const rows = [at(1, 'inbound', 1), at(3, 'outbound', 2), at(2, 'note', 3), at(3, 'inbound', 4)].map((position) => ({ position }));
    const { page, more } = mergePage(rows, 3);
    expect(page.map((r) => r.position.id)).toEqual([id(3), id(4), id(2)]);
    expect(more).toBe(true);
    expect(mergePage(rows, 10).more).toBe(false);
  });
});
