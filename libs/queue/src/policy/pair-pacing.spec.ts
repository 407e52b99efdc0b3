import { nextForRecipient, nextPairSlot, orderForRecipient, planPairSlots, pushPairSlot, takePairSlot, type PacedRow } from './pair-pacing.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);
const row = (id: string, priority: number, notBeforeS: number, createdS: number): PacedRow & { id: string } => ({ id, priority, notBefore: at(notBeforeS), createdAt: at(createdS) });

describe('nextPairSlot', () => {
  it.each<[string, Date | null, Date, number, Date]>([
    ['never messaged: now', null, at(0), 6000, at(0)],
    ['2 s after the last: 4 s more', at(-2), at(0), 6000, at(4)],
    ['exactly 6 s after: now', at(-6), at(0), 6000, at(0)],
    ['long ago: now', at(-3600), at(0), 6000, at(0)],
    ['configurable interval', at(-1), at(0), 10_000, at(9)],
  ])('%s', (_name, last, now, interval, slot) => {
    expect(nextPairSlot(last, now, interval)).toEqual(slot);
  });

  it('refuses a zero interval', () => {
    expect(() => nextPairSlot(null, at(0), 0)).toThrow(RangeError);
  });
});

describe('orderForRecipient', () => {
  it.each<[string, PacedRow[], string[]]>([
    ['priority first', [row('low', 0, 0, 0), row('high', 5, 10, 5)], ['high', 'low']],
    ['then not_before', [row('later', 0, 10, 0), row('sooner', 0, 5, 1)], ['sooner', 'later']],
    ['then creation', [row('second', 0, 0, 2), row('first', 0, 0, 1)], ['first', 'second']],
    ['then id, so the order is total', [row('b', 0, 0, 0), row('a', 0, 0, 0)], ['a', 'b']],
  ])('%s', (_name, rows, ids) => {
    expect(orderForRecipient(rows).map((r) => r.id)).toEqual(ids);
  });

  it('does not sort the input in place', () => {
    const rows = [row('b', 0, 0, 0), row('a', 1, 0, 0)];
    orderForRecipient(rows);
    expect(rows.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('nextForRecipient', () => {
  it.each<[string, PacedRow[], string | null]>([
    ['the first due row in order', [row('low', 0, 0, 0), row('high', 5, 0, 1)], 'high'],
    ['a high-priority row not yet due does not block', [row('low', 0, 0, 0), row('high', 5, 60, 1)], 'low'],
    ['nothing due', [row('later', 0, 60, 0)], null],
  ])('%s', (_name, rows, id) => {
    expect(nextForRecipient(rows, at(0))?.id ?? null).toBe(id);
  });
});

describe('planPairSlots', () => {
  it.each<[string, PacedRow[], Date | null, Array<[string, number]>]>([
    ['a confirmation and a reminder enqueued together leave 6 s apart, in order', [row('reminder', 0, 0, 0.001), row('confirmation', 0, 0, 0)], null, [['confirmation', 0], ['reminder', 6]]],
    ['after a send 2 s ago, the first waits 4 s', [row('a', 0, 0, 0), row('b', 0, 0, 1)], at(-2), [['a', 4], ['b', 10]]],
    ['priority jumps the line among due rows', [row('a', 0, 0, 0), row('b', 0, 0, 1), row('urgent', 9, 0, 2)], null, [['urgent', 0], ['a', 6], ['b', 12]]],
    ['a row due later keeps its own time', [row('now', 0, 0, 0), row('tomorrow', 9, 86_400, 0)], null, [['now', 0], ['tomorrow', 86_400]]],
    ['a row due 3 s in waits for the 6 s gap', [row('now', 0, 0, 0), row('soon', 0, 3, 0)], null, [['now', 0], ['soon', 6]]],
    ['nothing due yet: the first slot is the earliest not_before', [row('x', 0, 30, 0), row('y', 0, 31, 0)], null, [['x', 30], ['y', 36]]],
    ['no rows', [], null, []],
  ])('%s', (_name, rows, last, plan) => {
    expect(planPairSlots(rows, { lastSentAt: last, now: at(0) }).map((p) => [p.row.id, (p.notBefore.getTime() - T0) / 1000])).toEqual(plan);
  });

  it('keeps every planned slot at least the interval apart', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(`r${i}`, i % 3, (i * 7) % 13, i));
    const slots = planPairSlots(rows, { lastSentAt: null, now: at(0), intervalMs: 6000 }).map((p) => p.notBefore.getTime());
    for (let i = 1; i < slots.length; i++) expect(slots[i] - slots[i - 1]).toBeGreaterThanOrEqual(6000);
  });
});

describe('takePairSlot', () => {
  it.each<[string, Date | null, boolean, Date]>([
    ['a free pair grants and shuts for 6 s', null, true, at(6)],
    ['freed exactly now: granted', at(0), true, at(6)],
    ['shut until 4 s from now: come back then', at(4), false, at(4)],
  ])('%s', (_name, freeAt, granted, nextAt) => {
    const result = takePairSlot(freeAt, at(0), 6000);
    expect(result.granted).toBe(granted);
    expect(result.nextAt).toEqual(nextAt);
  });

  it('two takes at the same instant: only one is granted', () => {
    const first = takePairSlot(null, at(0), 6000);
    const second = takePairSlot(first.freeAt, at(0), 6000);
    expect([first.granted, second.granted]).toEqual([true, false]);
    expect(second.nextAt).toEqual(at(6));
  });
});

describe('pushPairSlot', () => {
  it.each<[string, Date | null, number, Date]>([
    ['pushes a free pair', null, 16_000, at(16)],
    ['never earlier than already shut', at(60), 4_000, at(60)],
    ['later than already shut', at(3), 4_000, at(4)],
  ])('%s', (_name, freeAt, delay, pushed) => {
    expect(pushPairSlot(freeAt, at(0), delay)).toEqual(pushed);
  });
});
