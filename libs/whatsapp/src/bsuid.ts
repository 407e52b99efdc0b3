// Business-scoped user ids (BSUID, 2026): `CC.<up to 128 letters/digits>` (e.g.
// `US.13491208655302741918`), a parent id `CC.ENT.<…>`. A user who adopts a username may reach us by
// BSUID only; such a user is sent to with `"recipient": "<BSUID>"` instead of `to`.
// https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids

const BSUID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

/** Whether `value` is a BSUID (never a phone number: those are digits, with or without `+`). */
export function isBsuid(value: string): boolean {
  return BSUID.test(value);
}

/** How a send body names its recipient: `recipient` for a BSUID, else `to`. */
export function recipientField(recipient: string): { to: string } | { recipient: string } {
  return isBsuid(recipient) ? { recipient } : { to: recipient };
}
