import type { PricingCounts, SpendEstimate } from '@sendbook/api-contract';

/**
 * Meta's pricing as people read it: a category's name, a currency amount, and the rows of a cost
 * table (billable first, the estimate beside each when a rate card is set).
 */

const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  marketing: 'Marketing',
  marketing_lite: 'Marketing Lite',
  utility: 'Utility',
  authentication: 'Authentication',
  authentication_international: 'Authentication (international)',
  service: 'Service',
  referral_conversion: 'Referral conversion',
  unknown: 'Not given by Meta',
};

/** "marketing" → "Marketing", "authentication_international" → "Authentication (international)"; a category Meta adds later in plain words. */
export function categoryWord(category: string): string {
  const known = CATEGORY_WORDS[category];
  if (known) return known;
  const words = category.replace(/_/g, ' ').trim();
  return words === '' ? 'Not given by Meta' : words[0]!.toUpperCase() + words.slice(1);
}

/** 0.2008 USD → "$0.2008", 1234.5 → "$1,234.50", 0 → "$0.00": cents always, up to four decimals below one unit (a message costs fractions of a cent). */
export function money(amount: number, currency: string): string {
  const small = Math.abs(amount) < 1;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: small ? 4 : 2 }).format(amount);
  } catch {
    return `${amount.toFixed(small ? 4 : 2)} ${currency}`;
  }
}

export interface CostRow {
  readonly key: string;
  readonly word: string;
  /** A second, quieter line under the word (a number's id under its name). */
  readonly detail?: string;
  readonly billable: number;
  readonly free: number;
  /** What the billable ones cost by the rate card; null without a card or without a price for them. */
  readonly estimate: number | null;
}

/** One row per category, most billable first, then most free, then by name. */
export function categoryRows(counts: Pick<PricingCounts, 'by_category'>, spend: SpendEstimate | null): CostRow[] {
  return Object.entries(counts.by_category)
    .map(([key, c]) => ({ key, word: categoryWord(key), billable: c.billable, free: c.free, estimate: spend?.by_category[key] ?? null }))
    .sort((a, b) => b.billable - a.billable || b.free - a.free || a.word.localeCompare(b.word));
}

/** A business number by its verified name and display number when Meta told them, with its id beneath; else its id. */
export function numberName(
  id: string,
  profile: { verified_name?: string | null; display_phone_number?: string | null } | null | undefined,
): Pick<CostRow, 'word' | 'detail'> {
  const display = profile?.display_phone_number ? `+${profile.display_phone_number.replace(/^\+/, '')}` : null;
  const name = [profile?.verified_name, display].filter(Boolean).join(' · ');
  return name ? { word: name, detail: id } : { word: id };
}

/** One row per business number, most billable first, named by `nameOf`. */
export function numberRows(
  byNumber: Readonly<Record<string, PricingCounts>>,
  spend: SpendEstimate | null,
  nameOf: (id: string) => Pick<CostRow, 'word' | 'detail'> = (id) => ({ word: id }),
): CostRow[] {
  return Object.entries(byNumber)
    .map(([key, c]) => ({ key, ...nameOf(key), billable: c.billable, free: c.free, estimate: spend?.by_number[key] ?? null }))
    .sort((a, b) => b.billable - a.billable || b.free - a.free || a.key.localeCompare(b.key));
}

/** Whether Meta priced anything counted here. */
export function hasPriced(counts: Pick<PricingCounts, 'billable' | 'free'>): boolean {
  return counts.billable + counts.free > 0;
}

/** "8 billable, 2 free" in words; "12 billable" when none was free. */
export function pricedWords(counts: Pick<PricingCounts, 'billable' | 'free'>): string {
  const billable = `${counts.billable.toLocaleString('en-US')} billable`;
  return counts.free > 0 ? `${billable}, ${counts.free.toLocaleString('en-US')} free` : billable;
}

/** What the estimate leaves out, in words, or null when it prices every billable message. */
export function unratedWords(spend: SpendEstimate | null): string | null {
  if (!spend || spend.unrated_messages === 0) return null;
  const n = spend.unrated_messages;
  return `${n.toLocaleString('en-US')} billable ${n === 1 ? 'message has' : 'messages have'} no price in PRICING_RATES and ${n === 1 ? 'is' : 'are'} not in the estimate.`;
}

/** Where the figures come from, said once under each cost panel. */
export const COST_SOURCE =
  "Counted from Meta's pricing on each message's status (its first status that carries one, usually sent), once per message. The estimate applies your PRICING_RATES to the billable ones by category and the recipient's country; Meta's invoice is what you pay.";
