import { parsePricingLabel, pricedMessageOf, pricingLabel, type PricedMessage } from './priced-message.js';

const row = { phoneNumberId: '106540352242922', to: '+919876543210', campaign: 'diwali | 2026', createdBy: 'api_key:7' };

describe('pricedMessageOf: what is counted of a pricing object', () => {
  it.each([
    [
      'a billable marketing template to India, in a campaign',
      { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' },
      row,
      { category: 'marketing', billable: true, phoneNumberId: '106540352242922', country: 'IN', campaign: 'diwali | 2026', enqueuer: 'api_key:7' },
    ],
    [
      'free service outside any campaign: no enqueuer kept',
      { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
      { ...row, to: '+972501234567', campaign: null },
      { category: 'service', billable: false, phoneNumberId: '106540352242922', country: 'IL', campaign: null, enqueuer: null },
    ],
    [
      'a category in upper case, billable missing (free), a user id instead of a number',
      { category: 'UTILITY' },
      { ...row, to: null },
      { category: 'utility', billable: false, phoneNumberId: '106540352242922', country: null, campaign: 'diwali | 2026', enqueuer: 'api_key:7' },
    ],
    [
      'a business-scoped user id says its country',
      { billable: true, category: 'marketing' },
      { ...row, to: 'BR.13491208655302741918' },
      expect.objectContaining({ country: 'BR' }),
    ],
    [
      'no category: unknown',
      { billable: true, category: '' },
      { ...row, to: '+999123456' },
      { category: 'unknown', billable: true, phoneNumberId: '106540352242922', country: null, campaign: 'diwali | 2026', enqueuer: 'api_key:7' },
    ],
    ['billable as a string is not Meta saying true', { billable: 'true', category: 'marketing' }, row, expect.objectContaining({ billable: false })],
  ])('%s', (_what, pricing, r, expected) => {
    expect(pricedMessageOf(pricing, r)).toEqual(expected);
  });

  it.each([[null], [undefined], ['marketing'], [[{ billable: true }]]])('nothing to count for %j', (pricing) => {
    expect(pricedMessageOf(pricing, row)).toBeNull();
  });
});

describe('pricing labels', () => {
  const messages: PricedMessage[] = [
    { category: 'marketing', billable: true, phoneNumberId: '106540352242922', country: 'IN', campaign: 'diwali | 2026 % off', enqueuer: 'api_key:7' },
    { category: 'service', billable: false, phoneNumberId: '1', country: null, campaign: null, enqueuer: null },
    { category: 'authentication_international', billable: true, phoneNumberId: '2', country: 'BR', campaign: 'códigos/ñ', enqueuer: null },
  ];

  it.each(messages)('round-trips %j', (m) => {
    expect(parsePricingLabel(pricingLabel(m))).toEqual(m);
  });

  it('is readable, and a campaign holding the separator stays one field', () => {
    expect(pricingLabel(messages[0]!)).toBe('marketing|billable|106540352242922|IN|diwali%20%7C%202026%20%25%20off|api_key%3A7');
    expect(pricingLabel(messages[1]!)).toBe('service|free|1|||');
  });

  it.each([[''], ['marketing|billable|1|IN|x'], ['marketing|maybe|1|IN||'], ['|billable|1|IN||'], ['marketing|free||IN||'], ['marketing|free|1|IN|%E0%A4|']])(
    'refuses %j',
    (label) => {
      expect(parsePricingLabel(label)).toBeNull();
    },
  );
});
