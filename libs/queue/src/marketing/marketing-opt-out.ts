import type { RowError } from '../row-error.js';

/** Meta's error code for "User stopped receiving marketing messages from you". */
export const MARKETING_OPT_OUT_ERROR_CODE = 131050;

/** The `last_error.code` of a row held because its recipient opted out of marketing. */
export const MARKETING_OPT_OUT_HOLD_CODE = 'marketing_opt_out';

/** Where an opt-out was learnt: the user's own preference webhook, or a 131050 failure. */
export type MarketingOptOutSource = 'user_preferences' | 'error_131050';

/**
 * Marketing is a template whose registry category is MARKETING. Free-form messages (text,
 * interactive, media…) are service messages; utility and authentication templates are not
 * marketing. A template missing from the registry is not treated as marketing: holding a
 * message nobody can classify would hide order updates.
 */
export function isMarketingMessage(row: { payloadType: string | null; templateCategory: string | null }): boolean {
  return row.payloadType === 'template' && row.templateCategory?.toUpperCase() === 'MARKETING';
}

/** A `user_preferences` item about marketing, read from its webhook value. */
export interface MarketingPreferenceChange {
  waId: string | null;
  userId: string | null;
  optedOut: boolean;
  /** The item's own timestamp (Unix seconds), when it carries one. */
  at: Date | null;
  detail: string | null;
}

/**
 * Reads one `user_preferences` item (`{wa_id, user_id?, category: "marketing_messages", value:
 * "stop" | "resume", timestamp, detail}`). Anything else, or an item naming nobody, is null.
 */
export function marketingPreferenceChange(field: string, value: unknown): MarketingPreferenceChange | null {
  if (field !== 'user_preferences' || typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (item.category !== 'marketing_messages') return null;
  const choice = typeof item.value === 'string' ? item.value.toLowerCase() : null;
  if (choice !== 'stop' && choice !== 'resume') return null;
  const waId = idOf(item.wa_id);
  const userId = idOf(item.user_id);
  if (!waId && !userId) return null;
  const seconds =
    typeof item.timestamp === 'number' ? item.timestamp : typeof item.timestamp === 'string' && /^\d+$/.test(item.timestamp) ? Number(item.timestamp) : null;
  return {
    waId,
    userId,
    optedOut: choice === 'stop',
    at: seconds !== null && Number.isFinite(seconds) ? new Date(seconds * 1000) : null,
    detail: typeof item.detail === 'string' ? item.detail : null,
  };
}

/** A failed status whose errors include 131050 means the user has opted out of marketing. */
export function isMarketingOptOutFailure(errors: readonly { code?: number | string | null }[]): boolean {
  return errors.some((e) => Number(e.code) === MARKETING_OPT_OUT_ERROR_CODE);
}

/**
 * Send time: a marketing row to a contact who opted out is held (never sent, never failed), with
 * the reason; anything else goes on. Null when the row may be sent.
 */
export function marketingHold(row: { payloadType: string | null; templateCategory: string | null; marketingOptOutAt: Date | null }): RowError | null {
  if (!row.marketingOptOutAt || !isMarketingMessage(row)) return null;
  return marketingOptOutError(row.marketingOptOutAt);
}

/** The `last_error` of a row held for an opt-out: released when the user resumes. */
export function marketingOptOutError(since: Date): RowError {
  return {
    code: MARKETING_OPT_OUT_HOLD_CODE,
    title: 'Recipient opted out of marketing messages',
    message: `opted out of marketing since ${since.toISOString()}: held until the user resumes`,
    details: null,
  };
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
