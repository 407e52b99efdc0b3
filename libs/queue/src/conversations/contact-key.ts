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

function nonEmpty(value: string | null): string | null {
  const v = value?.trim();
  return v ? v : null;
}
