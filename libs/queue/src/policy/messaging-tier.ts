// Messaging limit: unique users a business may reach with business-initiated messages (outside
// a customer-service window) in a rolling 24 h, per business portfolio since October 2025
// (https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits).
// Beyond it a new user waits for a slot; nothing is failed.

/** A tier: a number of unique users per rolling 24 h, or no limit. */
export type MessagingLimit = number | 'unlimited';

/** Meta's tiers since October 2025. New portfolios start at 250. */
export const MESSAGING_TIERS: readonly MessagingLimit[] = [250, 2_000, 10_000, 100_000, 'unlimited'];
export const DEFAULT_MESSAGING_LIMIT: MessagingLimit = 250;
export const TIER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Where the count is kept: per business portfolio (Meta since 7 Oct 2025) or per number (before). */
export type TierScope = 'portfolio' | 'number';

/** A user counted in the window, with the time of the latest business-initiated message to them. */
export interface WindowUser {
  waId: string;
  lastAt: Date;
}

export type TierDecision =
  /** `countsNewUser`: this send takes a new slot (record the user in the window when it goes). */
  { allowed: true; countsNewUser: boolean } | { allowed: false; notBefore: Date };

const TIER_NAMES: Readonly<Record<string, MessagingLimit | null>> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: 'unlimited',
  TIER_NOT_SET: null,
};

/**
 * A tier from a webhook or the Graph API: 'TIER_2K' (`current_limit`,
 * `whatsapp_business_manager_messaging_limit`), 2000 or "2000" (`max_daily_conversations_per_business`).
 * Null for TIER_NOT_SET and anything unrecognised: keep the limit you have.
 */
export function parseTier(value: unknown): MessagingLimit | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  if (/^\d+$/.test(text)) return parseTier(Number(text));
  if (text === 'UNLIMITED') return 'unlimited';
  return Object.hasOwn(TIER_NAMES, text) ? (TIER_NAMES[text] ?? null) : null;
}

/** The id the count is kept under: the portfolio's, or the number's. */
export function tierScopeId(scope: TierScope, ids: { portfolioId: string; phoneNumberId: string }): string {
  return scope === 'portfolio' ? `portfolio:${ids.portfolioId}` : `number:${ids.phoneNumberId}`;
}

/**
 * May a message to `recipient` go now? Messages inside a customer-service window
 * (`businessInitiated: false`) and users already counted in the last 24 h never take a slot. A
 * new user beyond the limit waits until enough counted users age out: `notBefore` is 24 h after
 * the latest message to the (n − limit + 1)-th oldest of them. A user counts until 24 h after the
 * latest message to them (rolling window), so pass each user's latest time.
 */
export function tierDecision(input: {
  recipient: string;
  usersInWindow: readonly WindowUser[];
  limit: MessagingLimit;
  now: Date;
  businessInitiated: boolean;
  windowMs?: number;
}): TierDecision {
  const { recipient, limit, now, businessInitiated, windowMs = TIER_WINDOW_MS } = input;
  if (limit !== 'unlimited' && (!Number.isInteger(limit) || limit < 1)) throw new RangeError(`messaging limit must be a positive integer, got ${limit}`);
  if (!businessInitiated) return { allowed: true, countsNewUser: false };

  const since = now.getTime() - windowMs;
  const latest = new Map<string, number>();
  for (const user of input.usersInWindow) {
    const at = user.lastAt.getTime();
    if (at > since) latest.set(user.waId, Math.max(at, latest.get(user.waId) ?? at));
  }
  if (latest.has(recipient)) return { allowed: true, countsNewUser: false };
  if (limit === 'unlimited' || latest.size < limit) return { allowed: true, countsNewUser: true };

  const oldestFirst = [...latest.values()].sort((a, b) => a - b);
  return { allowed: false, notBefore: new Date(oldestFirst[latest.size - limit] + windowMs) };
}
