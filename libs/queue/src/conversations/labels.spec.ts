import { MAX_LABELS_PER_CONVERSATION, normalizeLabel, normalizeLabels } from './labels.js';

describe('normalizeLabel', () => {
  it.each<[string, string | null]>([
    ['billing', 'billing'],
    ['  VIP  ', 'vip'],
    ['Follow   up', 'follow up'],
    ['\tNew\nlead ', 'new lead'],
    ['   ', null],
    ['', null],
    ['Ünïcode', 'ünïcode'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeLabel(raw)).toBe(expected);
  });
});

describe('normalizeLabels', () => {
  it.each<[string, unknown[], ReturnType<typeof normalizeLabels>]>([
    ['nothing: every label removed', [], { ok: true, labels: [] }],
    ['kept in first-seen order', ['b', 'a'], { ok: true, labels: ['b', 'a'] }],
    ['duplicates by case and spaces are one', ['VIP', ' vip', 'Vip '], { ok: true, labels: ['vip'] }],
    ['40 characters is enough', ['x'.repeat(40)], { ok: true, labels: ['x'.repeat(40)] }],
    ['41 is too many', ['ok', 'x'.repeat(41)], { ok: false, problems: [{ field: 'labels[1]', message: 'must be at most 40 characters' }] }],
    ['an empty one is named by its index', ['a', 'b', '  '], { ok: false, problems: [{ field: 'labels[2]', message: 'must not be empty' }] }],
    ['not a string', [3], { ok: false, problems: [{ field: 'labels[0]', message: 'must be a string' }] }],
    ['a control character', ['a\u0000b'], { ok: false, problems: [{ field: 'labels[0]', message: 'must not contain control characters' }] }],
    [
      'every bad item is named',
      ['', 'ok', null],
      {
        ok: false,
        problems: [
          { field: 'labels[0]', message: 'must not be empty' },
          { field: 'labels[2]', message: 'must be a string' },
        ],
      },
    ],
  ])('%s', (_, input, expected) => {
    expect(normalizeLabels(input)).toEqual(expected);
  });

  it(`at most ${MAX_LABELS_PER_CONVERSATION} distinct labels; duplicates do not count`, () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `l${i}`);
    expect(normalizeLabels([...twenty, 'L0', ' l1 '])).toEqual({ ok: true, labels: twenty });
    expect(normalizeLabels([...twenty, 'one more'])).toEqual({
      ok: false,
      problems: [{ field: 'labels', message: 'at most 20 labels per conversation (21 given)' }],
    });
  });
});
