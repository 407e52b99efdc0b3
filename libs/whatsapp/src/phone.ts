import { isSupportedCountry, parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js';

export type { CountryCode };

export type E164Failure = 'empty' | 'not_a_number' | 'invalid_country' | 'too_short' | 'too_long' | 'invalid_number';

export type E164Result = { ok: true; e164: string; /** digits only, as WhatsApp's wa_id */ waId: string } | { ok: false; reason: E164Failure };

// Digits with the usual separators, an optional leading "+" or "00". Letters are refused
// outright: libphonenumber would read "1-800-FLOWERS" as digits, which is not what anyone typed.
const ALLOWED = /^\+?[\d\s\-().\u00a0]+$/;

/**
 * Normalises a phone number to E.164. Accepts "+972501234567", "972501234567",
 * "00972501234567", spaces/dashes/brackets, and national numbers when `defaultCountry` is given.
 */
export function normalizeE164(input: string, defaultCountry?: CountryCode): E164Result {
  const trimmed = typeof input === 'string' ? input.trim() : '';
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (!ALLOWED.test(trimmed)) return { ok: false, reason: 'not_a_number' };

  const compact = trimmed.replace(/[\s\-().\u00a0]/g, '');
  if (!/\d/.test(compact)) return { ok: false, reason: 'not_a_number' };
  const international = compact.startsWith('+') ? compact : compact.startsWith('00') ? `+${compact.slice(2)}` : null;

  const candidates: string[] = [];
  if (international !== null) candidates.push(international);
  else {
    // A bare digit string is national for the default country, else international without "+"
    // (wa_id style, e.g. "972501234567").
    if (defaultCountry) candidates.push(compact);
    candidates.push(`+${compact}`);
  }

  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry);
    if (parsed?.isValid()) return { ok: true, e164: parsed.number, waId: parsed.number.slice(1) };
  }
  // Explain with the first reading: the one the caller most likely meant.
  return { ok: false, reason: explain(candidates[0] ?? compact, defaultCountry) };
}

/** ISO country of an E.164 number ("+972…" → "IL"), or null if it can't be told. */
export function countryOfNumber(e164: string): CountryCode | null {
  const parsed = parsePhoneNumberFromString(e164.startsWith('+') ? e164 : `+${e164}`);
  return parsed?.country ?? null;
}

/** Whether `code` is an ISO 3166 country code countryOfNumber can answer ("GB" is, "UK" is not). */
export function isCountryCode(code: string): code is CountryCode {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

function explain(candidate: string, defaultCountry?: CountryCode): E164Failure {
  switch (validatePhoneNumberLength(candidate, defaultCountry)) {
    case 'TOO_SHORT':
      return 'too_short';
    case 'TOO_LONG':
      return 'too_long';
    case 'INVALID_COUNTRY':
      return 'invalid_country';
    case 'NOT_A_NUMBER':
      return 'not_a_number';
    default:
      return 'invalid_number';
  }
}
