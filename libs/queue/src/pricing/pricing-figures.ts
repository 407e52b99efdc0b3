import type { PricedMessage } from './priced-message.js';
import { fromMicros, rateFor, toMicros, type RateCard } from './rate-card.js';

// Sums of counted priced messages for the reports: billable and free by category, grouped however
// a view needs (per number, campaign, country, day), and the spend a rate card estimates for them.

/** A count of priced messages that share everything a label says. */
export interface PricedCount {
  readonly message: PricedMessage;
  readonly count: number;
}

export interface BillableFree {
  billable: number;
  free: number;
}

export interface PricingTally extends BillableFree {
  /** Per Meta category, each present only when a message of it was counted. */
  byCategory: Record<string, BillableFree>;
}

export function emptyTally(): PricingTally {
  return { billable: 0, free: 0, byCategory: {} };
}

/** Adds `count` messages of `message` to a tally. */
export function addToTally(tally: PricingTally, message: PricedMessage, count: number): PricingTally {
  const side = message.billable ? 'billable' : 'free';
  const category = (tally.byCategory[message.category] ??= { billable: 0, free: 0 });
  category[side] += count;
  tally[side] += count;
  return tally;
}

export function tallyPricing(counts: readonly PricedCount[]): PricingTally {
  const tally = emptyTally();
  for (const c of counts) addToTally(tally, c.message, c.count);
  return tally;
}

/** A tally per key (number, campaign, country…); counts whose key is null are left out. */
export function tallyPricingBy(counts: readonly PricedCount[], keyOf: (m: PricedMessage) => string | null): Record<string, PricingTally> {
  const out: Record<string, PricingTally> = {};
  for (const c of counts) {
    const key = keyOf(c.message);
    if (key !== null) addToTally((out[key] ??= emptyTally()), c.message, c.count);
  }
  return out;
}

export interface SpendEstimate {
  readonly currency: string;
  readonly total: number;
  readonly byCategory: Record<string, number>;
  readonly byNumber: Record<string, number>;
  /** Billable messages the card gives no price for (their category is not in it, or their country is not and it has no default): not in the total. */
  readonly unrated: number;
}

/**
 * What the billable messages cost by the rate card: each at its category's price for its country,
 * else the category's default. Free messages cost nothing. Summed in whole millionths of the currency,
 * so the total is exactly the sum of its parts.
 */
export function estimateSpend(card: RateCard, counts: readonly PricedCount[]): SpendEstimate {
  let total = 0;
  let unrated = 0;
  const byCategory: Record<string, number> = {};
  const byNumber: Record<string, number> = {};
  for (const { message, count } of counts) {
    if (!message.billable || count === 0) continue;
    const rate = rateFor(card, message.category, message.country);
    if (rate === null) {
      unrated += count;
      continue;
    }
    const micros = toMicros(rate) * count;
    total += micros;
    byCategory[message.category] = (byCategory[message.category] ?? 0) + micros;
    byNumber[message.phoneNumberId] = (byNumber[message.phoneNumberId] ?? 0) + micros;
  }
  const amounts = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, fromMicros(v)]));
  return { currency: card.currency, total: fromMicros(total), byCategory: amounts(byCategory), byNumber: amounts(byNumber), unrated };
}
