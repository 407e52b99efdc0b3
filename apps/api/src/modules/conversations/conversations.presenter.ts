import type { Conversation, Inbound, InboundMedia, MessageEcho, Reaction } from '@sendbook/api-contract';
import { contactE164, recipientTimeZone } from '@sendbook/queue';
import { decideFreeFormAt } from '@sendbook/whatsapp';
import { isoTime as iso } from '../../common/iso-time.js';
import type { ConversationView, InboundView } from './conversations.repository.js';
import type { EchoView } from './echo-store.js';

/** The inbound resource (contract): snake_case, plus what the inbox needs to show it. */
export function presentInbound(m: InboundView): Inbound {
  return {
    id: m.id,
    wamid: m.wamid,
    from: m.fromWaId,
    from_user_id: m.fromUserId,
    contact_name: m.contactName,
    phone_number_id: m.phoneNumberId,
    type: m.type,
    text: m.text,
    choice: m.choice,
    context_wamid: m.contextWamid,
    forwarded: isForwarded(m.raw),
    referred_product: recordAt(m.raw, 'context', 'referred_product'),
    reaction: m.type === 'reaction' ? reactionOf(m) : null,
    media: mediaOf(m),
    message_id: m.messageId,
    conversation_id: m.conversationId,
    contact_id: m.contactId,
    attribution: m.attribution,
    attribution_reason: m.reason,
    errors: m.errors,
    timestamp: iso(m.timestamp),
    created_at: iso(m.createdAt),
    raw: m.raw,
  };
}

/** A message sent from the WhatsApp Business app (an echo): outbound, not Sendbook's, so no state. */
export function presentEcho(e: EchoView): MessageEcho {
  return {
    id: e.id,
    wamid: e.wamid,
    phone_number_id: e.phoneNumberId,
    conversation_id: e.conversationId,
    to: e.toWaId,
    to_user_id: e.toUserId,
    source: 'whatsapp_business_app',
    type: e.type,
    text: e.text,
    timestamp: iso(e.timestamp),
    created_at: iso(e.createdAt),
    raw: e.raw,
  };
}

export function presentConversation(c: ConversationView, now: Date, defaultTimeZone = 'UTC'): Conversation {
  return {
    id: c.id,
    phone_number_id: c.phoneNumberId,
    contact: {
      id: c.contact.id,
      wa_id: c.contact.waId,
      user_id: c.contact.userId,
      name: c.contact.name,
      time_zone: c.contact.timeZone,
      marketing_opt_out_at: iso(c.contact.marketingOptOutAt),
      marketing_opt_out_source: c.contact.marketingOptOutSource as 'user_preferences' | 'error_131050' | null,
    },
    state: c.state,
    assignee: c.assignee,
    assignee_name: c.assigneeName,
    unread_count: c.unreadCount,
    last_activity_at: iso(c.lastActivityAt),
    last_inbound_at: iso(c.lastInboundAt),
    window_open_until: iso(c.windowOpenUntil),
    window_open: decideFreeFormAt(c.windowOpenUntil, now) === 'open',
    time_zone: recipientTimeZone({ contactTimeZone: c.contact.timeZone, e164: contactE164(c.contact.waId) }) ?? defaultTimeZone,
    labels: c.labels,
    snooze: c.snoozedAt ? { since: iso(c.snoozedAt)!, until: iso(c.snoozedUntil), until_customer_reply: c.snoozedUntil === null } : null,
    team: c.team,
    assigned_at: iso(c.assignedAt),
    awaiting_assignment_since: iso(c.needsAssigneeSince),
    response:
      c.waitingSince && c.waitingFor
        ? { waiting_for: c.waitingFor, waiting_since: iso(c.waitingSince)!, due_at: iso(c.responseDueAt), breached_at: iso(c.slaBreachedAt) }
        : null,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
    return { at: date, id };
  } catch {
    return null;
  }
}

function reactionOf(m: InboundView): Reaction {
  const r = recordAt(m.raw, 'reaction') ?? {};
  const emoji = typeof r.emoji === 'string' && r.emoji !== '' ? r.emoji : null;
  return { message_wamid: typeof r.message_id === 'string' ? r.message_id : null, emoji, removed: emoji === null };
}

/**
 * Media keeps its id, mime type, caption and file name, and whether audio is a voice note and a
 * sticker moves; it is downloaded on demand, never eagerly.
 */
function mediaOf(m: InboundView): InboundMedia | null {
  if (!['image', 'video', 'audio', 'document', 'sticker'].includes(m.type)) return null;
  const media = recordAt(m.raw, m.type);
  if (!media) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
  return {
    id: str(media.id),
    mime_type: str(media.mime_type),
    caption: str(media.caption),
    filename: str(media.filename),
    sha256: str(media.sha256),
    voice: bool(media.voice),
    animated: bool(media.animated),
  };
}

function isForwarded(raw: Record<string, unknown>): boolean {
  const c = recordAt(raw, 'context');
  return c?.forwarded === true || c?.frequently_forwarded === true;
}

function recordAt(value: Record<string, unknown>, ...path: string[]): Record<string, unknown> | null {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Record<string, unknown>) : null;
}
