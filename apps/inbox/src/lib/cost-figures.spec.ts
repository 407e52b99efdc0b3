import { categoryRows, categoryWord, hasPriced, money, numberName, numberRows, pricedWords, unratedWords } from './cost-figures';

const spend = {
  currency: 'USD',
  total: 0.2008,
  by_category: { marketing: 0.1928, utility: 0.008 },
  by_number: { A: 0.1758, B: 0.025 },
  unrated_messages: 1,
};

describe('cost figures', () => {
  it.each([
    ['marketing', 'Marketing'],
    ['authentication_international', 'Authentication (international)'],
    ['service', 'Service'],
    ['unknown', 'Not given by Meta'],
    ['new_category', 'New category'],
  ])('%s is called %s', (category, word) => {
    expect(categoryWord(category)).toBe(word);
  });

  it.each([
    [0.2008, 'USD', '$0.2008'],
    [0.0107, 'USD', '$0.0107'],
    [0, 'USD', '$0.00'],
    [0.5, 'USD', '$0.50'],
    [1234.5, 'USD', '$1,234.50'],
    [12.3456, 'EUR', '€12.35'],
    [0.8631, 'INR', '₹0.8631'],
  ])('%s %s is %s', (amount, currency, words) => {
    expect(money(amount, currency)).toBe(words);
  });

  it('one row per category, most billable first, each with its estimate (none for a category the card does not price)', () => {
    const counts = {
      by_category: { service: { billable: 0, free: 1 }, utility: { billable: 3, free: 1 }, marketing: { billable: 7, free: 0 } },
    };
    expect(categoryRows(counts, spend)).toEqual([
      { key: 'marketing', word: 'Marketing', billable: 7, free: 0, estimate: 0.1928 },
      { key: 'utility', word: 'Utility', billable: 3, free: 1, estimate: 0.008 },
      { key: 'service', word: 'Service', billable: 0, free: 1, estimate: null },
    ]);
    expect(categoryRows(counts, null).map((r) => r.estimate)).toEqual([null, null, null]);
  });

  it('one row per number, named as the page knows it', () => {
    const counts = { billable: 1, free: 0, by_category: {} };
    expect(numberRows({ B: { ...counts, billable: 2 }, A: { ...counts, billable: 8 } }, spend, (id) => ({ word: `number ${id}` }))).toEqual([
      { key: 'A', word: 'number A', billable: 8, free: 0, estimate: 0.1758 },
      { key: 'B', word: 'number B', billable: 2, free: 0, estimate: 0.025 },
    ]);
  });

  it.each([
    [
      { verified_name: 'Lucky Shrub', display_phone_number: '15550783881' },
      { word: 'Lucky Shrub · +15550783881', detail: '106540352242922' },
    ],
    [
      { verified_name: null, display_phone_number: '+1 555 078 3881' },
      { word: '+1 555 078 3881', detail: '106540352242922' },
    ],
    [{ verified_name: null, display_phone_number: null }, { word: '106540352242922' }],
    [null, { word: '106540352242922' }],
  ])('a number with profile %j is called %j', (profile, name) => {
    expect(numberName('106540352242922', profile)).toEqual(name);
  });

  it('words', () => {
    expect(hasPriced({ billable: 0, free: 0 })).toBe(false);
    expect(hasPriced({ billable: 0, free: 1 })).toBe(true);
    expect(pricedWords({ billable: 8, free: 2 })).toBe('8 billable, 2 free');
    expect(pricedWords({ billable: 1200, free: 0 })).toBe('1,200 billable');
    expect(unratedWords(spend)).toBe('1 billable message has no price in PRICING_RATES and is not in the estimate.');
    expect(unratedWords({ ...spend, unrated_messages: 3 })).toBe('3 billable messages have no price in PRICING_RATES and are not in the estimate.');
    expect(unratedWords({ ...spend, unrated_messages: 0 })).toBeNull();
    expect(unratedWords(null)).toBeNull();
  });
});
