import { isCountryCode } from '@sendbook/whatsapp';

// PRICING_RATES: what one billable message costs, per Meta pricing category and per recipient
// country, to estimate spend from the counted messages. An estimate only: Meta's invoice is the truth
// (rates change, volume tiers lower them, Meta rounds and converts on its side).

/** Per category: a price per country (ISO 3166 alpha-2) and, optionally, a `default` for the others. */
export interface RateCard {
  /** ISO 4217, as Meta bills in it (`USD`, `EUR`, `INR`, …). */
  readonly currency: string;
  readonly rates: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Meta's pricing categories (`pricing.category` on statuses, lower case). */
export const PRICING_CATEGORIES = [
  'marketing',
  'marketing_lite',
  'utility',
  'authentication',
  'authentication_international',
  'service',
  'referral_conversion',
] as const;

export const DEFAULT_RATE_KEY = 'default';
/** Prices are kept to the millionth of the currency unit; the estimate sums whole millionths, so it never drifts. */
const MICROS = 1_000_000;
const MAX_RATE = 1_000_000;

type Parsed<T> = { value: T; problems: string[] };

/**
 * The rate card from its JSON, e.g. `{"currency":"USD","rates":{"marketing":{"default":0.025,"IN":0.0107}}}`:
 * every problem named by its path (`rates.marketing.UK`), so an operator fixes them all in one restart.
 * Category names and country codes are taken in any case.
 */
export function parsePricingRates(spec: string): Parsed<RateCard | null> {
  const problems: string[] = [];
  let json: unknown;
  try {
    json = JSON.parse(spec);
  } catch (error) {
    return { value: null, problems: [`not JSON (${error instanceof Error ? error.message : String(error)})`] };
  }
  if (!isPlainObject(json)) return { value: null, problems: ['expected a JSON object {"currency": "USD", "rates": {"marketing": {"default": 0.025}}}'] };
  for (const key of Object.keys(json)) if (key !== 'currency' && key !== 'rates') problems.push(`unknown key "${key}" (expected currency and rates)`);

  const currency = typeof json.currency === 'string' ? json.currency.trim().toUpperCase() : null;
  if (json.currency === undefined) problems.push('currency is missing (an ISO 4217 code such as "USD")');
  else if (currency === null || !/^[A-Z]{3}$/.test(currency)) problems.push(`currency ${JSON.stringify(json.currency)} is not an ISO 4217 code such as "USD"`);

  const rates: Record<string, Record<string, number>> = {};
  if (json.rates === undefined) problems.push('rates is missing (per category, e.g. {"marketing": {"default": 0.025, "IN": 0.0107}})');
  else if (!isPlainObject(json.rates)) problems.push('rates must be an object of categories, e.g. {"marketing": {"default": 0.025}}');
  else {
    if (Object.keys(json.rates).length === 0) problems.push('rates names no category');
    for (const [rawCategory, perCountry] of Object.entries(json.rates)) {
      const category = rawCategory.trim().toLowerCase();
      const path = `rates.${rawCategory}`;
      if (!(PRICING_CATEGORIES as readonly string[]).includes(category)) {
        problems.push(`${path} is not one of Meta's pricing categories (${PRICING_CATEGORIES.join(', ')})`);
        continue;
      }
      if (rates[category]) {
        problems.push(`${path} repeats the category ${category}`);
        continue;
      }
      if (!isPlainObject(perCountry) || Object.keys(perCountry).length === 0) {
        problems.push(`${path} must be an object of prices per country, e.g. {"default": 0.025, "IN": 0.0107}`);
        continue;
      }
      const prices: Record<string, number> = {};
      for (const [rawKey, price] of Object.entries(perCountry)) {
        const key = rawKey.trim().toLowerCase() === DEFAULT_RATE_KEY ? DEFAULT_RATE_KEY : rawKey.trim().toUpperCase();
        if (key !== DEFAULT_RATE_KEY && !isCountryCode(key)) {
          problems.push(`${path}.${rawKey} is not an ISO 3166 country code or "default"${key === 'UK' ? ' (the United Kingdom is GB)' : ''}`);
          continue;
        }
        if (key in prices) {
          problems.push(`${path}.${rawKey} repeats ${key}`);
          continue;
        }
        if (!isPrice(price)) {
          problems.push(`${path}.${rawKey} is not a price (a number of ${currency ?? 'the currency'} per message, from 0 to ${MAX_RATE}, at most 6 decimals)`);
          continue;
        }
        prices[key] = price;
      }
      rates[category] = prices;
    }
  }
  return problems.length > 0 ? { value: null, problems } : { value: { currency: currency!, rates }, problems };
}

/** What one message of `category` to `country` costs, or null when the card gives no price (no such category, no such country and no default). */
export function rateFor(card: RateCard, category: string, country: string | null): number | null {
  const prices = card.rates[category];
  if (!prices) return null;
  return (country !== null ? prices[country] : undefined) ?? prices[DEFAULT_RATE_KEY] ?? null;
}

/** A price in whole millionths of the currency unit. */
export function toMicros(amount: number): number {
  return Math.round(amount * MICROS);
}

export function fromMicros(micros: number): number {
  return micros / MICROS;
}

function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_RATE && Math.abs(value * MICROS - Math.round(value * MICROS)) < 1e-6;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
