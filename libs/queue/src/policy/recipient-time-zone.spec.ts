import { getAllCountries } from 'countries-and-timezones';
import { getCountries } from 'libphonenumber-js';
import { EXTRA_COUNTRY_TIME_ZONES, PRIMARY_TIME_ZONES, primaryTimeZoneOfCountry, recipientTimeZone } from './recipient-time-zone.js';
import { isValidTimeZone } from './zoned-time.js';

describe('recipientTimeZone', () => {
  it.each<[string, { contactTimeZone?: string | null; e164?: string | null }, string | null]>([
    ['the contact’s zone wins', { contactTimeZone: 'Europe/Paris', e164: '+972501234567' }, 'Europe/Paris'],
    ['an invalid contact zone falls back to the number', { contactTimeZone: 'Mars/Base', e164: '+972501234567' }, 'Asia/Jerusalem'],
    ['a blank contact zone falls back to the number', { contactTimeZone: '  ', e164: '972501234567' }, 'Asia/Jerusalem'],
    ['Israel', { e164: '+972501234567' }, 'Asia/Jerusalem'],
    ['United Kingdom', { e164: '+447911123456' }, 'Europe/London'],
    ['India', { e164: '+919876543210' }, 'Asia/Kolkata'],
    ['United States: Eastern, the most populous zone', { e164: '+14155550829' }, 'America/New_York'],
    ['Canada by area code (Toronto)', { e164: '+14165550123' }, 'America/Toronto'],
    ['Brazil: São Paulo', { e164: '+5511987654321' }, 'America/Sao_Paulo'],
    ['Russia: Moscow', { e164: '+79123456789' }, 'Europe/Moscow'],
    ['Germany: Berlin, not Büsingen’s Zurich', { e164: '+4915123456789' }, 'Europe/Berlin'],
    ['Kosovo, missing from the country data', { e164: '+38344123456' }, 'Europe/Belgrade'],
    ['nothing to go on', { e164: null }, null],
    ['not a number', { e164: '+999' }, null],
  ])('%s', (_name, input, zone) => {
    expect(recipientTimeZone(input)).toBe(zone);
  });
});

describe('primaryTimeZoneOfCountry', () => {
  it.each<[string, string | null]>([
    ['IL', 'Asia/Jerusalem'],
    ['il', 'Asia/Jerusalem'],
    ['US', 'America/New_York'],
    ['AU', 'Australia/Sydney'],
    ['ID', 'Asia/Jakarta'],
    ['MX', 'America/Mexico_City'],
    ['ZZ', null],
  ])('%s → %s', (country, zone) => {
    expect(primaryTimeZoneOfCountry(country)).toBe(zone);
  });

  it('names a primary zone for every country the data gives several, from that country’s own list', () => {
    const countries = getAllCountries();
    const multi = Object.values(countries)
      .filter((c) => c.timezones.length > 1)
      .map((c) => c.id)
      .sort();
    expect(Object.keys(PRIMARY_TIME_ZONES).sort()).toEqual(multi);
    for (const [code, zone] of Object.entries(PRIMARY_TIME_ZONES)) expect(countries[code as keyof typeof countries].timezones).toContain(zone);
  });

  it('resolves every region libphonenumber can give a number to, to a zone Intl knows', () => {
    const missing = getCountries().filter((country) => {
      const zone = primaryTimeZoneOfCountry(country);
      return zone === null || !isValidTimeZone(zone);
    });
    expect(missing).toEqual([]);
    for (const zone of Object.values(EXTRA_COUNTRY_TIME_ZONES)) expect(isValidTimeZone(zone)).toBe(true);
  });
});
