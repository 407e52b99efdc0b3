import { canonicalHash } from './canonical-json.js';
import { int, isRecord } from './json.js';

// Idempotency keys for webhook events. They derive from the event alone, never from the HTTP
// body, so an event re-delivered in a differently batched POST gets the same key. wamids are not
// promised unique across business numbers, hence the phone_number_id scope.
// A missing part is written as an empty string; parts never contain ':' (ids, wamids, hex).

/** `msg:<phone_number_id>:<wamid>` */
export function eventKeyForMessage(phoneNumberId: string | null, wamid: string): string {
  return `msg:${phoneNumberId ?? ''}:${wamid}`;
}

/** `echo:<phone_number_id>:<wamid>` — a message sent from the WhatsApp Business app (smb_message_echoes). */
export function eventKeyForEcho(phoneNumberId: string | null, wamid: string): string {
  return `echo:${phoneNumberId ?? ''}:${wamid}`;
}

/** `st:<phone_number_id>:<wamid>:<status>` — each status of one message is its own event. */
export function eventKeyForStatus(phoneNumberId: string | null, wamid: string, status: string): string {
  return `st:${phoneNumberId ?? ''}:${wamid}:${status}`;
}

/** `err:<phone_number_id>:<code>:<sha256 of the canonical error object>` for value.errors[]. */
export function eventKeyForError(phoneNumberId: string | null, rawError: unknown): string {
  const code = isRecord(rawError) ? int(rawError.code) : null;
  return `err:${phoneNumberId ?? ''}:${code ?? ''}:${canonicalHash(rawError)}`;
}

/** `f:<field>:<entry.id>:<entry.time or value timestamp>:<sha256 of canonical JSON of value>` */
export function eventKeyForField(field: string, entryId: string | null, time: number | null, value: unknown): string {
  return `f:${field}:${entryId ?? ''}:${time ?? ''}:${canonicalHash(value)}`;
}

/**
 * Fallback for an item Meta sent without an id: its content hash stands in for the wamid,
 * so identical copies still collapse and different ones stay apart.
 */
export function contentId(raw: unknown): string {
  return `sha256-${canonicalHash(raw)}`;
}
