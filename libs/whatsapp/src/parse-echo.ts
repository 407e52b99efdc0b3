import type { MessageEcho } from './events.js';
import { idStr, int, str, type JsonRecord } from './json.js';
import { readContent } from './parse-content.js';
import { textOf } from './parse-message.js';

/**
 * Normalises one raw `message_echoes[]` item of an `smb_message_echoes` change. Never throws. The
 * echo has the shape of a sent message (`type` and its object) with `from` (the business) and `to`
 * (the user); its content is read as an inbound message's would be.
 */
export function parseMessageEcho(raw: JsonRecord): MessageEcho {
  const content = readContent(raw);
  return {
    id: str(raw.id) ?? '',
    type: str(raw.type) ?? 'unknown',
    from: idStr(raw.from),
    to: digitsOf(idStr(raw.to)),
    toUserId: str(raw.to_user_id) ?? str(raw.recipient_user_id),
    timestamp: int(raw.timestamp),
    text: textOf(content),
    content,
    raw,
  };
}

/** `+1 650-555-1234` → `16505551234`; null when no digit is left. */
function digitsOf(value: string | null): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits === '' ? null : digits;
}
