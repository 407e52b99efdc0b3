import type { Contact, StatusUpdate } from './events.js';
import { toGraphError } from './graph-error.js';
import { arr, bool, idStr, int, rec, str, type JsonRecord } from './json.js';

/** Normalises one raw `statuses[]` item. Unknown status values are kept as sent. */
export function parseStatus(raw: JsonRecord): StatusUpdate {
  const conversation = rec(raw.conversation);
  const origin = conversation && rec(conversation.origin);
  const pricing = rec(raw.pricing);
  return {
    id: str(raw.id) ?? '',
    status: str(raw.status) ?? '',
    timestamp: int(raw.timestamp),
    recipientId: idStr(raw.recipient_id),
    recipientUserId: str(raw.recipient_user_id),
    parentRecipientUserId: str(raw.parent_recipient_user_id),
    recipientType: str(raw.recipient_type),
    recipientParticipantId: idStr(raw.recipient_participant_id),
    recipientIdentityKeyHash: str(raw.recipient_identity_key_hash),
    bizOpaqueCallbackData: str(raw.biz_opaque_callback_data),
    conversation: conversation && {
      id: idStr(conversation.id),
      expirationTimestamp: int(conversation.expiration_timestamp),
      originType: origin ? str(origin.type) : null,
    },
    pricing: pricing && {
      billable: bool(pricing.billable),
      pricingModel: str(pricing.pricing_model),
      type: str(pricing.type),
      category: str(pricing.category),
    },
    errors: arr(raw.errors).map(toGraphError),
    raw,
  };
}

/** Normalises one raw `contacts[]` item. */
export function parseContact(raw: JsonRecord): Contact {
  const profile = rec(raw.profile);
  return {
    waId: idStr(raw.wa_id),
    userId: str(raw.user_id),
    parentUserId: str(raw.parent_user_id),
    name: profile ? str(profile.name) : null,
    username: profile ? str(profile.username) : null,
    identityKeyHash: str(raw.identity_key_hash),
    raw,
  };
}

/**
 * The contact a message came from: the one whose wa_id matches `from` or whose user_id matches
 * `from_user_id`; failing that, the only contact of the change unless it is visibly someone
 * else. Null when it can't be told.
 */
export function matchContact(contacts: readonly Contact[], from: string | null, fromUserId: string | null): Contact | null {
  const match = contacts.find((contact) => (from !== null && contact.waId === from) || (fromUserId !== null && contact.userId === fromUserId));
  if (match) return match;
  const only = contacts.length === 1 ? contacts[0] : undefined;
  if (!only) return null;
  // The sole contact stands in only if it isn't visibly someone else.
  const otherPhone = from !== null && only.waId !== null && only.waId !== from;
  const otherUser = fromUserId !== null && only.userId !== null && only.userId !== fromUserId;
  return otherPhone || otherUser ? null : only;
}
