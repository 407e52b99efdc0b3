import { parsePricingRates, rateFor } from './rate-card.js';

const EXAMPLE =
  '{"currency":"USD","rates":{"marketing":{"default":0.025,"IN":0.0107,"BR":0.0625},"utility":{"default":0.004},"authentication":{"default":0.0135}}}';

describe('parsePricingRates', () => {
  it('reads the documented example', () => {
    expect(parsePricingRates(EXAMPLE)).toEqual({
      value: {
        currency: 'USD',
        rates: { marketing: { default: 0.025, IN: 0.0107, BR: 0.0625 }, utility: { default: 0.004 }, authentication: { default: 0.0135 } },
      },
      problems: [],
    });
  });

  it('takes categories, countries, "default" and the currency in any case', () => {
    expect(parsePricingRates('{"currency":"eur","rates":{"Marketing":{"Default":0.05,"de":0.1}}}').value).toEqual({
      currency: 'EUR',
      rates: { marketing: { default: 0.05, DE: 0.1 } },
    });
  });

  it('a category without a default prices only its countries', () => {
    expect(parsePricingRates('{"currency":"INR","rates":{"marketing":{"IN":0.8631}}}').problems).toEqual([]);
  });

  it.each([
    ['not json', [expect.stringMatching(/^not JSON \(/)]],
    ['[1]', [expect.stringMatching(/^expected a JSON object/)]],
    ['{"rates":{"marketing":{"default":0.025}}}', ['currency is missing (an ISO 4217 code such as "USD")']],
    ['{"currency":"dollars","rates":{"marketing":{"default":0.025}}}', ['currency "dollars" is not an ISO 4217 code such as "USD"']],
    ['{"currency":"USD"}', [expect.stringMatching(/^rates is missing/)]],
    ['{"currency":"USD","rates":{}}', ['rates names no category']],
    ['{"currency":"USD","rates":[]}', [expect.stringMatching(/^rates must be an object/)]],
    [
      '{"currency":"USD","rates":{"marketting":{"default":0.025}}}',
      [expect.stringMatching(/^rates\.marketting is not one of Meta's pricing categories \(marketing, /)],
    ],
    ['{"currency":"USD","rates":{"marketing":0.025}}', [expect.stringMatching(/^rates\.marketing must be an object of prices per country/)]],
    ['{"currency":"USD","rates":{"marketing":{"UK":0.05}}}', ['rates.marketing.UK is not an ISO 3166 country code or "default" (the United Kingdom is GB)']],
    ['{"currency":"USD","rates":{"marketing":{"India":0.05}}}', ['rates.marketing.India is not an ISO 3166 country code or "default"']],
    [
      '{"currency":"USD","rates":{"marketing":{"IN":"0.05"}}}',
      ['rates.marketing.IN is not a price (a number of USD per message, from 0 to 1000000, at most 6 decimals)'],
    ],
    ['{"currency":"USD","rates":{"marketing":{"IN":-1}}}', [expect.stringMatching(/^rates\.marketing\.IN is not a price/)]],
    ['{"currency":"USD","rates":{"marketing":{"IN":0.0000001}}}', [expect.stringMatching(/^rates\.marketing\.IN is not a price/)]],
    ['{"currency":"USD","rates":{"marketing":{"IN":1,"in":2}}}', ['rates.marketing.in repeats IN']],
    ['{"currency":"USD","rates":{"marketing":{"IN":1},"MARKETING":{"IN":2}}}', ['rates.MARKETING repeats the category marketing']],
    ['{"currency":"USD","rate":{},"rates":{"utility":{"default":0.004}}}', ['unknown key "rate" (expected currency and rates)']],
  ])('names what is wrong: %s', (spec, problems) => {
    expect(parsePricingRates(spec)).toEqual({ value: null, problems });
  });

  it('names every problem at once', () => {
    expect(parsePricingRates('{"currency":"usd1","rates":{"marketing":{"UK":1,"IN":"x"}}}').problems).toHaveLength(3);
  });
});

describe('rateFor', () => {
  const card = parsePricingRates(EXAMPLE).value!;
  it.each([
    ['marketing', 'IN', 0.0107],
    ['marketing', 'BR', 0.0625],
    ['marketing', 'IL', 0.025],
    ['marketing', null, 0.025],
    ['utility', 'IN', 0.004],
    ['service', 'IN', null],
    ['authentication_international', 'IN', null],
  ])('%s to %s: %s', (category, country, rate) => {
    expect(rateFor(card, category, country)).toBe(rate);
  });

  it('no default: only the countries named have a price', () => {
    const inrOnly = parsePricingRates('{"currency":"INR","rates":{"marketing":{"IN":0.8631}}}').value!;
    expect([rateFor(inrOnly, 'marketing', 'IN'), rateFor(inrOnly, 'marketing', 'BR'), rateFor(inrOnly, 'marketing', null)]).toEqual([0.8631, null, null]);
  });
});
