import { isBsuid, normalizeE164 } from '@sendbook/whatsapp';
import type { FieldProblem } from '../../common/errors/domain-error.js';

/**
 * Who a message goes to, as stored on its row: `to` (the number, E.164) and `toWaId` (the user
 * identity pacing, the messaging limit and the thread key on). A user known only by a
 * business-scoped user id is both: the BSUID, which the sender then sends as `"recipient"`.
 */
export type MessageRecipient = { ok: true; e164: string; waId: string } | { ok: false; problems: FieldProblem[] };

/** Exactly one of `to` (a phone number) or `recipient` (a BSUID). */
export function messageRecipient(to: string | undefined, recipient: string | undefined): MessageRecipient {
  if (to !== undefined && recipient !== undefined) return refused('recipient', 'give exactly one of to or recipient');
  if (recipient !== undefined) {
    const id = recipient.trim();
    return isBsuid(id) ? { ok: true, e164: id, waId: id } : refused('recipient', 'is not a business-scoped user id (CC.<letters and digits>)');
  }
  if (to === undefined) return refused('to', 'is required (or recipient, a business-scoped user id)');
  const phone = normalizeE164(to);
  return phone.ok ? { ok: true, e164: phone.e164, waId: phone.waId } : refused('to', `is not a valid phone number (${phone.reason})`);
}

const refused = (field: string, message: string): MessageRecipient => ({ ok: false, problems: [{ field, message }] });
