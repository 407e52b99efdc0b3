import type { Message, RenderedTemplate } from '@sendbook/api-contract';
import { isoTime as iso } from '../../common/iso-time.js';
import type { OutboundMessage } from './outbound-message.entity.js';

/** What a message's resource needs beyond its row; MessagesService looks these up for a page at once. */
export interface MessageExtras {
  /** Inbound messages attributed to it. */
  readonly replies?: readonly string[];
  /** For a template message, the text the customer saw (null when it cannot be rendered). */
  readonly rendered?: RenderedTemplate | null;
  /** Display names of actors, for `created_by_name`. */
  readonly names?: ReadonlyMap<string, string>;
  /** For a queued row, why it has not gone yet (whyWaiting). */
  readonly waiting?: Message['waiting'];
  /** For a file sent from an upload, Sendbook's copy. */
  readonly file?: Message['file'];
}

/** The public message resource: snake_case, timestamps as ISO strings. */
export function presentMessage(m: OutboundMessage, { replies = [], rendered = null, names, waiting = null, file = null }: MessageExtras = {}): Message {
  return {
    id: m.id,
    dedupe_key: m.dedupeKey,
    to: m.to,
    purpose: m.purpose,
    trigger_ref: m.triggerRef,
    campaign: m.campaign,
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
    expires_at: iso(m.expiresAt),
    pricing: pricingOf(m.pricing),
    last_error: m.lastError,
    replies: [...replies],
    created_by: m.createdBy,
    created_by_name: m.createdBy ? (names?.get(m.createdBy) ?? null) : null,
    waiting,
    rendered,
    file,
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

/** Meta's pricing object, its four documented fields (others Meta may add are left out of the contract). */
function pricingOf(p: Record<string, unknown> | null): Message['pricing'] {
  if (!p) return null;
  return {
    billable: typeof p.billable === 'boolean' ? p.billable : null,
    pricing_model: typeof p.pricing_model === 'string' ? p.pricing_model : null,
    category: typeof p.category === 'string' ? p.category : null,
    type: typeof p.type === 'string' ? p.type : null,
  };
}
