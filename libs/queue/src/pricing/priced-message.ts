import { countryOfNumber, isBsuid, isCountryCode } from '@sendbook/whatsapp';

// What Sendbook counts of Meta's `pricing` object: one message, its category, whether Meta bills it,
// which business number sent it, to which country, in which campaign and enqueued by whom. Counted
// once per message, when its pricing is first recorded; stored as the text label of a counter row.

/** One priced message, as counted. */
export interface PricedMessage {
  /** Meta's `pricing.category`, lower-cased (`marketing`, `utility`, `authentication`, `service`, …); `unknown` when Meta gave none. */
  readonly category: string;
  /** Meta said `billable: true`; anything else (false, missing) is free. */
  readonly billable: boolean;
  readonly phoneNumberId: string;
  /** ISO 3166 code of the recipient's number (or of a business-scoped user id, `US.…`), or null when it cannot be told. */
  readonly country: string | null;
  /** The `campaign` tag of the message, or null. */
  readonly campaign: string | null;
  /** Who enqueued a campaign's message (`created_by`, e.g. `api_key:<id>`): a send-only key's campaign view counts its own. Null outside campaigns. */
  readonly enqueuer: string | null;
}

/** The outbound row a pricing object belongs to. */
export interface PricedRow {
  readonly phoneNumberId: string;
  /** The recipient as the row was sent to: an E.164 number, or a business-scoped user id. */
  readonly to: string | null;
  readonly campaign: string | null;
  readonly createdBy: string | null;
}

/** What to count for a row whose pricing was just recorded; null when `pricing` is not an object. */
export function pricedMessageOf(pricing: unknown, row: PricedRow): PricedMessage | null {
  if (typeof pricing !== 'object' || pricing === null || Array.isArray(pricing)) return null;
  const p = pricing as Record<string, unknown>;
  const category = typeof p.category === 'string' && p.category.trim() !== '' ? p.category.trim().toLowerCase() : 'unknown';
  const campaign = row.campaign ?? null;
  return {
    category,
    billable: p.billable === true,
    phoneNumberId: row.phoneNumberId,
    country: row.to ? countryOfRecipient(row.to) : null,
    campaign,
    enqueuer: campaign === null ? null : (row.createdBy ?? null),
  };
}

/** The country of a phone number, or the one a business-scoped user id starts with (`US.1349…`). */
export function countryOfRecipient(to: string): string | null {
  if (!isBsuid(to)) return countryOfNumber(to);
  const prefix = to.slice(0, 2);
  return isCountryCode(prefix) ? prefix : null;
}

const FIELDS = 6;
/** Position (1-based, as PostgreSQL's split_part counts) of the campaign in a label. */
export const PRICING_LABEL_CAMPAIGN_FIELD = 5;
export const PRICING_LABEL_SEPARATOR = '|';

/** One field of a label: percent-encoded, so a campaign tag may hold any character, `|` included. */
export function pricingLabelField(value: string | null): string {
  return value === null ? '' : encodeURIComponent(value);
}

/**
 * The counter label of a priced message: `category|billable|phone_number_id|country|campaign|enqueuer`,
 * each field percent-encoded, empty when null (`marketing|billable|106540352242922|IN|spring%20sale|api_key%3A…`).
 */
export function pricingLabel(m: PricedMessage): string {
  return [m.category, m.billable ? 'billable' : 'free', m.phoneNumberId, m.country, m.campaign, m.enqueuer]
    .map(pricingLabelField)
    .join(PRICING_LABEL_SEPARATOR);
}

/** The priced message a label names, or null for a label pricingLabel did not write. */
export function parsePricingLabel(label: string): PricedMessage | null {
  const parts = label.split(PRICING_LABEL_SEPARATOR);
  if (parts.length !== FIELDS) return null;
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  const [category, billable, phoneNumberId, country, campaign, enqueuer] = decoded as [string, string, string, string, string, string];
  if (category === '' || (billable !== 'billable' && billable !== 'free') || phoneNumberId === '') return null;
  return {
    category,
    billable: billable === 'billable',
    phoneNumberId,
    country: country === '' ? null : country,
    campaign: campaign === '' ? null : campaign,
    enqueuer: enqueuer === '' ? null : enqueuer,
  };
}
