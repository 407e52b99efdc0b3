// Direct Send (Meta's 2026 beta): a utility or authentication message sent without a template of
// its own — the normal message object plus `category`, which Meta matches to a template it makes
// and manages. Business-initiated, billed at the category's rate: it goes outside the 24 h window
// like a template, not like free text. What Meta's reference pins down is checked here; what it
// does not (which interactive types, media) is left for Meta to refuse, and its errors classified.
import type { PayloadProblem } from './payload/payload-checks.js';

export const DIRECT_SEND_CATEGORIES = ['utility', 'authentication'] as const;
export type DirectSendCategory = (typeof DIRECT_SEND_CATEGORIES)[number];

/** Meta's time-to-live bounds per category, in seconds (Direct Send only). */
export const DIRECT_SEND_TTL_SECONDS: Readonly<Record<DirectSendCategory, { min: number; max: number }>> = {
  utility: { min: 30, max: 43_200 },
  authentication: { min: 30, max: 900 },
};

/** The message types Meta's Direct Send guides show: text, and interactive messages. */
const DIRECT_SEND_TYPES = new Set(['text', 'interactive']);

/** The payload's Direct Send category, or null for an ordinary message. */
export function directSendCategory(payload: { readonly [key: string]: unknown }): DirectSendCategory | null {
  return (DIRECT_SEND_CATEGORIES as readonly unknown[]).includes(payload.category) ? (payload.category as DirectSendCategory) : null;
}

/** Problems of a payload's Direct Send fields (`category`, `ttl_seconds`); none for an ordinary message. */
export function directSendProblems(payload: Record<string, unknown>, field: string, byRecipient: boolean): PayloadProblem[] {
  if (payload.category === undefined) {
    return payload.ttl_seconds === undefined ? [] : [{ field: `${field}.ttl_seconds`, message: 'is only for Direct Send messages (with a category)' }];
  }
  const category = directSendCategory(payload);
  if (!category) return [{ field: `${field}.category`, message: `must be one of ${DIRECT_SEND_CATEGORIES.join(', ')} (Direct Send)` }];
  const problems: PayloadProblem[] = [];
  if (!DIRECT_SEND_TYPES.has(String(payload.type))) problems.push({ field: `${field}.type`, message: 'Direct Send takes text or interactive messages' });
  if (category === 'authentication' && byRecipient)
    problems.push({ field: `${field}.category`, message: 'authentication messages go to a phone number (`to`), not to a business-scoped user id' });
  if (payload.ttl_seconds !== undefined) {
    const { min, max } = DIRECT_SEND_TTL_SECONDS[category];
    const ttl = payload.ttl_seconds;
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < min || ttl > max)
      problems.push({ field: `${field}.ttl_seconds`, message: `must be a whole number of seconds from ${min} to ${max} for ${category}` });
  }
  return problems;
}

/**
 * The `ttl_seconds` to send with a Direct Send message that must not arrive after `expiresAt`:
 * what is left of its validity, within Meta's bounds for the category (a validity shorter than
 * Meta's minimum is sent as the minimum: Meta cannot be asked for less). Null: nothing to pass on
 * (not Direct Send, no expiry, or the payload names its own).
 */
export function directSendTtl(payload: Record<string, unknown>, expiresAt: Date | null, now: Date): number | null {
  const category = directSendCategory(payload);
  if (!category || !expiresAt || payload.ttl_seconds !== undefined) return null;
  const { min, max } = DIRECT_SEND_TTL_SECONDS[category];
  return Math.min(max, Math.max(min, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
}
