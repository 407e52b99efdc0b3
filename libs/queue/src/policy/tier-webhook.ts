import { parseTier, type MessagingLimit } from './messaging-tier.js';

/** A messaging limit announced by a webhook, and who it is about. */
export interface AnnouncedLimit {
  limit: MessagingLimit;
  /** Keyed by display number only (Meta sends no phone_number_id with quality updates). */
  displayPhoneNumber: string | null;
  /** The portfolio-wide figure (`max_daily_conversations_per_business`) rather than a number's. */
  portfolioWide: boolean;
}

/**
 * Reads the limit from `phone_number_quality_update` / `business_capability_update` values.
 * Meta replaces `current_limit` and `max_daily_conversation_per_phone` with the portfolio-wide
 * `max_daily_conversations_per_business` from February 2026. Null for other fields or no usable
 * tier.
 */
export function announcedLimit(field: string, value: unknown): AnnouncedLimit | null {
  if (field !== 'phone_number_quality_update' && field !== 'business_capability_update') return null;
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const display = typeof v.display_phone_number === 'string' ? v.display_phone_number.replace(/\D/g, '') || null : null;
  const business = parseTier(v.max_daily_conversations_per_business);
  if (business !== null) return { limit: business, displayPhoneNumber: display, portfolioWide: true };
  const perNumber = parseTier(v.current_limit ?? v.max_daily_conversation_per_phone);
  return perNumber === null ? null : { limit: perNumber, displayPhoneNumber: display, portfolioWide: false };
}
