// Contacts are per business number and user: the business-scoped user id when Meta gives one
// (from 2026 a username user may come without a phone number), else the wa_id. Never the phone alone
// when a user id is known.

export interface ContactIdentity {
  readonly waId: string | null;
  readonly userId: string | null;
}

/** The key a new contact is stored under, or null when the message names nobody. */
export function contactKey(identity: ContactIdentity): string | null {
  return nonEmpty(identity.userId) ?? nonEmpty(identity.waId);
}

/** A contact's E.164 number to send to, or null for a contact known only by user id. */
export function contactE164(waId: string | null): string | null {
  return waId && /^\d{6,15}$/.test(waId) ? `+${waId}` : null;
}

/**
 * Whom a reply to this contact is addressed to: its phone number (E.164) when known, else its
 * business-scoped user id (sent as Meta's `recipient`), else nobody.
 */
export function replyAddress(identity: ContactIdentity): { to: string } | { recipient: string } | null {
  const e164 = contactE164(identity.waId);
  if (e164) return { to: e164 };
  const userId = nonEmpty(identity.userId);
  return userId ? { recipient: userId } : null;
}

/**
 * The `to_wa_id` values an outbound row to this contact may carry: its wa_id, and its user id (a
 * row sent by `recipient` before the phone number was known).
 */
export function recipientIdsOf(identity: ContactIdentity): string[] {
  return [nonEmpty(identity.waId), nonEmpty(identity.userId)].filter((v): v is string => v !== null);
}

function nonEmpty(value: string | null): string | null {
  const v = value?.trim();
  return v ? v : null;
}
