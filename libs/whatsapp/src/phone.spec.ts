import { countryOfNumber, isCountryCode, normalizeE164, type CountryCode } from './phone.js';

describe('normalizeE164 accepts', () => {
  it.each<[string, CountryCode | undefined, string]>([
    ['+972501234567', undefined, '+972501234567'],
    ['972501234567', undefined, '+972501234567'],
    ['00972501234567', undefined, '+972501234567'],
    ['+972 50-123-4567', undefined, '+972501234567'],
    ['  +972 (50) 123 4567  ', undefined, '+972501234567'],
    ['972-50-123-4567', undefined, '+972501234567'],
    ['050-123-4567', 'IL', '+972501234567'],
    ['972501234567', 'IL', '+972501234567'],
    ['+16505551234', undefined, '+16505551234'],
    ['16505551234', undefined, '+16505551234'],
    ['+1 (415) 555-0829', undefined, '+14155550829'],
    ['(415) 555-0829', 'US', '+14155550829'],
    ['+44 20 7946 0958', undefined, '+442079460958'],
    ['0044 20 7946 0958', undefined, '+442079460958'],
  ])('%j (default %s) → %s', (input, country, e164) => {
    expect(normalizeE164(input, country)).toEqual({ ok: true, e164, waId: e164.slice(1) });
  });
});

describe('normalizeE164 rejects', () => {
  it.each<[string, CountryCode | undefined, string]>([
    ['', undefined, 'empty'],
    ['   ', undefined, 'empty'],
    ['abc', undefined, 'not_a_number'],
    ['+1-800-FLOWERS', undefined, 'not_a_number'],
    ['hello 972501234567', undefined, 'not_a_number'],
    ['972501234567 ext. 5', undefined, 'not_a_number'],
    ['+-()', undefined, 'not_a_number'],
    ['+999123456', undefined, 'invalid_country'],
    ['+9725012345678901', undefined, 'too_long'],
    ['+97250', undefined, 'too_short'],
    ['+972 12 345 6789', undefined, 'invalid_number'],
    ['050-123-4567', 'US', 'invalid_number'],
  ])('%j (default %s) → %s', (input, country, reason) => {
    expect(normalizeE164(input, country)).toEqual({ ok: false, reason });
  });

  it('refuses a national number when no default country says whose it is', () => {
    expect(normalizeE164('050-123-4567')).toEqual({ ok: false, reason: expect.any(String) });
  });
});

describe('countryOfNumber', () => {
  it.each([
    ['+972501234567', 'IL'],
    ['+14155550829', 'US'],
    ['+442079460958', 'GB'],
    ['972501234567', 'IL'],
    ['+999123456', null],
    ['nonsense', null],
  ])('%s → %s', (e164, country) => {
    expect(countryOfNumber(e164)).toBe(country);
  });
});

describe('isCountryCode', () => {
  it.each([
    ['GB', true],
    ['IN', true],
    ['XK', true],
    ['UK', false],
    ['gb', false],
    ['GBR', false],
    ['', false],
  ])('%s → %s', (code, known) => {
    expect(isCountryCode(code)).toBe(known);
  });
});
