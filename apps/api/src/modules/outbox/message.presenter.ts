import type { Message, RenderedTemplate } from '@sendbook/api-contract';
import { isoTime as iso } from '../../common/iso-time.js';
import type { OutboundMessage } from './outbound-message.entity.js';

/** The public message resource: snake_case, timestamps as ISO strings. */
/** `rendered`: for a template message, the text the customer saw (null when it cannot be rendered). */
export function presentMessage(m: OutboundMessage, replies: readonly string[] = [], rendered: RenderedTemplate | null = null): Message {
  return {
    id: m.id,
    dedupe_key: m.dedupeKey,
    to: m.to,
    purpose: m.purpose,
    trigger_ref: m.triggerRef,
    payload: m.payload,
    fallback_template: m.fallbackTemplate,
    priority: m.priority,
    phone_number_id: m.phoneNumberId,
    state: m.state,
    attempts: m.attempts,
    wamid: m.wamid,
    not_before: iso(m.notBefore),
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    sending_started_at: iso(m.sendingStartedAt),
    accepted_at: iso(m.acceptedAt),
    sent_at: iso(m.sentAt),
    delivered_at: iso(m.deliveredAt),
    read_at: iso(m.readAt),
    played_at: iso(m.playedAt),
    failed_at: iso(m.failedAt),
    cancelled_at: iso(m.cancelledAt),
    last_error: m.lastError,
    replies: [...replies],
    rendered,
  };
}

export function encodeCursor(m: Pick<OutboundMessage, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([new Date(m.createdAt).toISOString(), m.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
    return { createdAt: date, id };
  } catch {
    return null;
  }
}
