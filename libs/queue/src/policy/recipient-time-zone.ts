import { getCountry } from 'countries-and-timezones';
import { countryOfNumber } from '@sendbook/whatsapp';
import { isValidTimeZone } from './zoned-time.js';

/**
 * The zone taken for a country that spans several, chosen as the zone where most of its people
 * live (usually the capital's or the largest city's). Only a fallback: a contact's own zone
 * always wins. The spec checks every multi-zone country of the data set is listed here and that
 * each choice is one of that country's zones, so a data update cannot silently change a pick.
 * Names are the data set's canonical ones (Kuala Lumpur is Asia/Singapore, Kinshasa Africa/Lagos,
 * Majuro Pacific/Tarawa, McMurdo Pacific/Auckland, Kerguelen Indian/Maldives in tzdata).
 */
export const PRIMARY_TIME_ZONES: Readonly<Record<string, string>> = {
  AQ: 'Pacific/Auckland',
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Lagos',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Port_Moresby',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Tarawa',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Singapore',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Hebron',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  TF: 'Indian/Maldives',
  UA: 'Europe/Kyiv',
  UM: 'Pacific/Pago_Pago',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
  VN: 'Asia/Ho_Chi_Minh',
};

/** Regions libphonenumber gives a number to that the country data set does not list. */
export const EXTRA_COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  AC: 'Africa/Abidjan', // Ascension, as Saint Helena
  TA: 'Africa/Abidjan', // Tristan da Cunha, as Saint Helena
  XK: 'Europe/Belgrade', // Kosovo
};

/** The main IANA zone of an ISO country ("IL" → "Asia/Jerusalem"), or null for an unknown code. */
export function primaryTimeZoneOfCountry(country: string): string | null {
  const code = country.toUpperCase();
  if (Object.hasOwn(PRIMARY_TIME_ZONES, code)) return PRIMARY_TIME_ZONES[code] ?? null;
  if (Object.hasOwn(EXTRA_COUNTRY_TIME_ZONES, code)) return EXTRA_COUNTRY_TIME_ZONES[code] ?? null;
  const zones = getCountry(code)?.timezones ?? [];
  return zones[0] ?? null;
}

/**
 * The recipient's zone: the contact's own when it is a valid IANA zone, else the main zone of
 * the phone number's country (+1 numbers resolve to US, CA, JM… by area code; a US number gives
 * America/New_York). Null when neither tells: the caller applies its configured default zone.
 */
export function recipientTimeZone(input: { contactTimeZone?: string | null; e164?: string | null }): string | null {
  const own = input.contactTimeZone?.trim();
  if (own && isValidTimeZone(own)) return own;
  if (!input.e164) return null;
  const country = countryOfNumber(input.e164);
  return country ? primaryTimeZoneOfCountry(country) : null;
}
