import { containsPattern, parseSearchQuery, searchable, tsLiteral } from './search-query.js';

describe('a search query, as the searches PostgreSQL runs', () => {
  it.each([
    ['refund', ['refund'], "'refund':*"],
    ['  Where is   my ORDER ', ['Where', 'is', 'my', 'ORDER'], "'where' & 'is' & 'my' & 'order':*"],
    ["O'Brien", ["O'Brien"], "'o''brien':*"],
    ['back\\slash', ['back\\slash'], "'back\\\\slash':*"],
    ['שלום עולם', ['שלום', 'עולם'], "'שלום' & 'עולם':*"],
    ['order-44812', ['order-44812'], "'order-44812':*"],
    ['!! ??', [], null],
    ['a — b', ['a', 'b'], "'a' & 'b':*"],
  ])('%j: words %j, tsquery %j', (q, words, tsquery) => {
    const terms = parseSearchQuery(q);
    expect(terms.words).toEqual(words);
    expect(terms.tsquery).toBe(tsquery);
  });

  it.each([
    ['wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA', 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA', null],
    ['order-44812:shipped', 'order-44812:shipped', null],
    ['+972 50-123', null, '97250123'],
    ['50123', '50123', '50123'],
    ['(650) 555', null, '650555'],
    ['ab', null, null],
    ['12', null, null],
    ['two words', null, null],
    // A plain word is for full text: inside ids it would match half of them.
    ['refund', null, null],
    ['HBgLMTY1MDM4Nzk', 'HBgLMTY1MDM4Nzk', null],
    ['orders/44812', 'orders/44812', null],
  ])('%j: identifier %j, phone digits %j', (q, identifier, phoneDigits) => {
    const terms = parseSearchQuery(q);
    expect(terms.identifier).toBe(identifier);
    expect(terms.phoneDigits).toBe(phoneDigits);
  });

  it('drops control characters, keeps at most twelve words, and says when nothing can match', () => {
    expect(parseSearchQuery('line\none\ttab').words).toEqual(['line', 'one', 'tab']);
    expect(parseSearchQuery('a b c d e f g h i j k l m n o').words).toHaveLength(12);
    expect(searchable(parseSearchQuery('?!'))).toBe(false);
    expect(searchable(parseSearchQuery('ab'))).toBe(true);
    expect(searchable(parseSearchQuery('refund'))).toBe(true);
  });

  it('quotes operands and LIKE patterns so what was typed is taken literally', () => {
    expect(tsLiteral("it's a 'test'")).toBe("'it''s a ''test'''");
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
