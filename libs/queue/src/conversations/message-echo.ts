import type { MessageEcho } from '@sendbook/whatsapp';
import { contactKey } from './contact-key.js';

// A message the business sent from the WhatsApp Business app on its phone (a coexistence number),
// echoed by Meta as `smb_message_echoes`. It belongs in the thread with the user it went to, as an
// outbound message Sendbook did not send: it is never queued or sent, never counts as unread, and
// does not open the 24 h window (only the user writing does).

/** An echo as it is stored, and where it goes. */
export interface EchoRow {
  readonly phoneNumberId: string;
  readonly wamid: string;
  /** The user it went to, and the contact key their thread is under. */
  readonly toWaId: string | null;
  readonly toUserId: string | null;
  readonly contactKey: string;
  readonly type: string;
  readonly text: string | null;
  /** Meta's timestamp, if it gave one. */
  readonly timestamp: Date | null;
  /** When the thread was last active because of it: Meta's time, never after it reached us. */
  readonly activityAt: Date;
}

/** What an echo does to its thread: later activity, nothing unread, the window left as it was. */
export const ECHO_THREAD_EFFECT = { unread: 0, opensWindow: false } as const;

/**
 * The row for an echo, or null when it names no business number or no user (nowhere to show it).
 * `fallbackId` stands in for a missing wamid (the event's content hash), so copies still collapse.
 */
export function echoRow(input: { phoneNumberId: string | null; echo: MessageEcho; fallbackId: string; receivedAt: Date }): EchoRow | null {
  const { echo, phoneNumberId, receivedAt } = input;
  const key = contactKey({ waId: echo.to, userId: echo.toUserId });
  if (!phoneNumberId || !key) return null;
  const timestamp = echo.timestamp === null ? null : new Date(echo.timestamp * 1000);
  return {
    phoneNumberId,
    wamid: echo.id || input.fallbackId,
    toWaId: echo.to,
    toUserId: echo.toUserId,
    contactKey: key,
    type: echo.type,
    text: echo.text,
    timestamp,
    activityAt: timestamp && timestamp.getTime() < receivedAt.getTime() ? timestamp : receivedAt,
  };
}
