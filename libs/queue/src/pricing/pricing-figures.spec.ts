import type { PricedMessage } from './priced-message.js';
import { estimateSpend, tallyPricing, tallyPricingBy, type PricedCount } from './pricing-figures.js';
import { parsePricingRates } from './rate-card.js';

const card = parsePricingRates(
  '{"currency":"USD","rates":{"marketing":{"default":0.025,"IN":0.0107,"BR":0.0625},"utility":{"default":0.004},"authentication":{"default":0.0135}}}',
).value!;

const m = (category: string, billable: boolean, country: string | null, phoneNumberId = 'A', campaign: string | null = null): PricedMessage => ({
  category,
  billable,
  phoneNumberId,
  country,
  campaign,
  enqueuer: null,
});

const counts: PricedCount[] = [
  { message: m('marketing', true, 'IN', 'A', 'sale'), count: 3 },
  { message: m('marketing', true, 'BR', 'A', 'sale'), count: 2 },
  { message: m('marketing', true, 'IL', 'B', 'sale'), count: 1 },
  { message: m('utility', true, 'IL', 'B'), count: 5 },
  { message: m('utility', false, 'IL', 'B'), count: 4 },
  { message: m('service', false, 'IN', 'A'), count: 7 },
  { message: m('authentication_international', true, 'IN', 'A'), count: 2 },
];

describe('tallies of priced messages', () => {
  it('billable and free, by category', () => {
    expect(tallyPricing(counts)).toEqual({
      billable: 13,
      free: 11,
      byCategory: {
        marketing: { billable: 6, free: 0 },
        utility: { billable: 5, free: 4 },
        service: { billable: 0, free: 7 },
        authentication_international: { billable: 2, free: 0 },
      },
    });
  });

  it('per key, leaving out what has none (messages outside campaigns)', () => {
    expect(tallyPricingBy(counts, (x) => x.campaign)).toEqual({ sale: { billable: 6, free: 0, byCategory: { marketing: { billable: 6, free: 0 } } } });
    expect(Object.fromEntries(Object.entries(tallyPricingBy(counts, (x) => x.phoneNumberId)).map(([k, t]) => [k, [t.billable, t.free]]))).toEqual({
      A: [7, 7],
      B: [6, 4],
    });
  });

  it('nothing counted: zeros', () => {
    expect(tallyPricing([])).toEqual({ billable: 0, free: 0, byCategory: {} });
  });
});

describe('estimateSpend', () => {
  it('each billable message at its country’s price, else the default; free ones cost nothing; unpriced ones counted apart', () => {
    // marketing: 3 × 0.0107 (IN) + 2 × 0.0625 (BR) + 1 × 0.025 (IL, default) = 0.1821; utility: 5 × 0.004 = 0.02.
    expect(estimateSpend(card, counts)).toEqual({
      currency: 'USD',
      total: 0.2021,
      byCategory: { marketing: 0.1821, utility: 0.02 },
      byNumber: { A: 0.1571, B: 0.045 },
      unrated: 2,
    });
  });

  it('sums exactly: a million messages at 0.0107 are 10,700, not 10,699.99999…', () => {
    expect(estimateSpend(card, [{ message: m('marketing', true, 'IN'), count: 1_000_000 }]).total).toBe(10_700);
    expect(estimateSpend(card, [{ message: m('marketing', true, 'IN'), count: 3 }]).total).toBe(0.0321);
  });

  it('no billable messages: zero in the card’s currency', () => {
    expect(estimateSpend(card, [{ message: m('service', false, 'IN'), count: 9 }])).toEqual({
      currency: 'USD',
      total: 0,
      byCategory: {},
      byNumber: {},
      unrated: 0,
    });
  });
});
