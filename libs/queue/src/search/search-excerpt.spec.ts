import { excerptOf, matchRanges, pickExcerpt } from './search-excerpt.js';
import { parseSearchQuery } from './search-query.js';

const marked = (e: { text: string; highlights: readonly (readonly [number, number])[] } | null) =>
  e ? e.highlights.reduceRight((s, [a, b]) => `${s.slice(0, a)}[${s.slice(a, b)}]${s.slice(b)}`, e.text) : null;

describe('excerpts with the match marked', () => {
  it.each([
    ['refund', 'Can I get a Refund please?', 'Can I get a [Refund] please?'],
    ['ref', 'Refunds take a week', '[Refunds] take a week'],
    ['please refund', 'Please, refund the order. Please!', '[Please], [refund] the order. [Please]!'],
    // A word in the middle of another is no match (the index matches word starts only).
    ['fund', 'refund', null],
    // Each word is marked where it occurs; all but the last as whole words only.
    ['order shipped', 'orders shipped today', 'orders [shipped] today'],
    ['מתי', 'שלום, מתי ההזמנה תגיע?', 'שלום, [מתי] ההזמנה תגיע?'],
    ['ÉTÉ', 'un été chaud', 'un [été] chaud'],
    ['a.b', 'see a.b and aXb', 'see [a.b] and aXb'],
  ])('%j in %j', (q, text, expected) => {
    expect(marked(excerptOf(text, parseSearchQuery(q), 'words'))).toBe(expected);
  });

  it('cuts a long text around the first match, at word edges, with ellipses', () => {
    const text = `${'lorem ipsum dolor sit amet '.repeat(8)}the parcel never arrived ${'consectetur adipiscing elit '.repeat(10)}`;
    const e = excerptOf(text, parseSearchQuery('parcel'), 'words')!;
    expect(e.text.startsWith('…')).toBe(true);
    expect(e.text.endsWith('…')).toBe(true);
    expect(e.text.length).toBeLessThanOrEqual(185);
    expect(marked(e)).toContain('the [parcel] never arrived');
    expect(e.text).not.toMatch(/^… /);
  });

  it('folds whitespace so offsets point into what is shown', () => {
    expect(marked(excerptOf('line one\n\n  line   two', parseSearchQuery('two'), 'words'))).toBe('line one line [two]');
  });

  it('finds identifiers anywhere inside, and phone digits inside a number', () => {
    const terms = parseSearchQuery('44812:SHIPPED');
    expect(matchRanges('order-44812:shipped:972501234567', terms, 'identifier')).toEqual([[6, 19]]);
    expect(marked(excerptOf('+972501234567', parseSearchQuery('50 123'), 'phone'))).toBe('+972[50123]4567');
    expect(matchRanges('+972501234567', parseSearchQuery('refund'), 'phone')).toEqual([]);
  });

  it('picks the first field that matched, else the first with text, unmarked', () => {
    const fields = (wamid: string) =>
      [
        { field: 'text', text: 'Your order has shipped', mode: 'words' },
        { field: 'wamid', text: wamid, mode: 'identifier' },
      ] as const;
    expect(pickExcerpt(fields('wamid.AB12EF'), parseSearchQuery('B12E'))).toEqual({ field: 'wamid', excerpt: { text: 'wamid.AB12EF', highlights: [[7, 11]] } });
    expect(pickExcerpt(fields('wamid.ABCDEF'), parseSearchQuery('dispatched'))).toEqual({
      field: 'text',
      excerpt: { text: 'Your order has shipped', highlights: [] },
    });
    expect(pickExcerpt([{ field: 'text', text: null, mode: 'words' }], parseSearchQuery('x'))).toBeNull();
  });
});
