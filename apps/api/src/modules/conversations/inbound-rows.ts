import type { Attribution, AttributionReason } from '@sendbook/queue';

/** What attribution needs of a freshly stored inbound row. */
export interface StoredInbound {
  id: string;
  phoneNumberId: string;
  wamid: string;
  fromWaId: string | null;
  fromUserId: string | null;
  contactName: string | null;
  type: string;
  contextWamid: string | null;
  timestamp: Date | null;
  raw: Record<string, unknown>;
  createdAt: Date;
}

/** An inbound message with where it belongs: the inbound resource's data. */
export interface InboundView extends StoredInbound {
  text: string | null;
  choice: { id: string; title: string } | null;
  contextFrom: string | null;
  errors: Record<string, unknown>[] | null;
  contactId: string | null;
  conversationId: string | null;
  attribution: Attribution | null;
  reason: AttributionReason | null;
  messageId: string | null;
  namedWamid: string | null;
}

/** An inbound message with its attribution: what the inbound resource is built from. */
export const INBOUND_SELECT = `
  SELECT i.id, i.phone_number_id, i.wamid, i.from_wa_id, i.from_user_id, i.contact_name, i.type, i.text, i.choice,
         i.context_wamid, i.context_from, i."timestamp", i.errors, i.raw, i.created_at,
         a.contact_id, a.conversation_id, a.attribution, a.reason, a.message_id, a.named_wamid
    FROM inbound_messages i
    LEFT JOIN inbound_attributions a ON a.inbound_message_id = i.id`;

/** A row of INBOUND_SELECT as an InboundView. */
export function toInbound(r: Record<string, unknown>): InboundView {
  return {
    id: r.id as string,
    phoneNumberId: r.phone_number_id as string,
    wamid: r.wamid as string,
    fromWaId: (r.from_wa_id as string | null) ?? null,
    fromUserId: (r.from_user_id as string | null) ?? null,
    contactName: (r.contact_name as string | null) ?? null,
    type: r.type as string,
    text: (r.text as string | null) ?? null,
    choice: (r.choice as { id: string; title: string } | null) ?? null,
    contextWamid: (r.context_wamid as string | null) ?? null,
    contextFrom: (r.context_from as string | null) ?? null,
    timestamp: date(r.timestamp),
    errors: (r.errors as Record<string, unknown>[] | null) ?? null,
    raw: r.raw as Record<string, unknown>,
    createdAt: new Date(r.created_at as string),
    contactId: (r.contact_id as string | null) ?? null,
    conversationId: (r.conversation_id as string | null) ?? null,
    attribution: (r.attribution as Attribution | null) ?? null,
    reason: (r.reason as AttributionReason | null) ?? null,
    messageId: (r.message_id as string | null) ?? null,
    namedWamid: (r.named_wamid as string | null) ?? null,
  };
}

function date(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}
