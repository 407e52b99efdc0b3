import { decodeSearchCursor, encodeSearchCursor, newestFirst, olderThan, type SearchPosition } from './search-position.js';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (atUs: bigint, source: SearchPosition['source'], n: number): SearchPosition => ({ atUs, source, id: ID(n) });

describe('search positions and cursors', () => {
  it('round-trips a cursor, and refuses anything it did not make', () => {
    const p = at(1_790_000_000_123_456n, 'note', 7);
    const cursor = encodeSearchCursor(p);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearchCursor(cursor)).toEqual(p);
    for (const bad of [
      '',
      'x',
      '!!!',
      btoa('[1,"note","x"]'),
      btoa(JSON.stringify(['1', 'constructor', ID(1)])),
      btoa(JSON.stringify(['-1', 'note', ID(1)])),
    ]) {
      expect(decodeSearchCursor(bad)).toBeNull();
    }
  });

  it('orders newest first: time, then source, then id; ties never lost between pages', () => {
    const t = 1_000_000n;
    const rows = [at(t, 'inbound', 1), at(t + 1n, 'note', 2), at(t, 'message', 3), at(t, 'message', 4), at(t - 1n, 'contact', 5)].map((position) => ({
      position,
    }));
    const { page, more } = newestFirst(rows, 3);
    expect(page.map((r) => r.position.id)).toEqual([ID(2), ID(4), ID(3)]);
    expect(more).toBe(true);
    expect(newestFirst(rows, 5).more).toBe(false);
  });

  it.each([
    ['inbound', 'message', 'at_or_before'],
    ['note', 'message', 'strictly_before'],
    ['message', 'message', 'before_by_id'],
    ['contact', 'note', 'strictly_before'],
  ] as const)('a %s row against a %s cursor: %s', (source, cursor, expected) => {
    expect(olderThan(source, at(5n, cursor, 1))).toBe(expected);
  });
});
