import type { JsonRecord } from '../core/guards.js';
import type { WebhookErrorObject } from '../graph/graph-error.js';

/** A user with a username may come without `wa_id` (2026): then only `user_id` names them. */
export interface ContactObject {
  profile: { name: string; username?: string };
  wa_id?: string;
  user_id?: string;
}

export type StatusValue = 'sent' | 'delivered' | 'read' | 'failed';

/** `value.statuses[]` as Meta sends it. */
export interface StatusObject {
  id: string;
  status: StatusValue;
  timestamp: string;
  /** Omitted when the message was sent by `recipient` (a BSUID). */
  recipient_id?: string;
  recipient_user_id?: string;
  biz_opaque_callback_data?: string;
  conversation?: { id: string; expiration_timestamp?: string; origin: { type: string } };
  pricing?: { billable: boolean; pricing_model: 'PMP'; type: string; category: string };
  errors?: WebhookErrorObject[];
}

/** Where an event belongs in the envelope. */
export interface EventOrigin {
  phoneNumberId: string;
  displayPhoneNumber: string;
  wabaId: string;
}

/** One thing to report: a status of an outbound message, an inbound message, or an echo of one the business sent from its phone. */
export type WebhookEvent = EventOrigin & {
  /** Stable across duplicates and re-sends, so logs can tell copies apart from new events. */
  eventId: string;
  contact: ContactObject | null;
} & (
    | { kind: 'status'; status: StatusObject }
    | { kind: 'message'; message: JsonRecord & { id: string } }
    /** A message the business sent from the WhatsApp Business app (coexistence): field `smb_message_echoes`. */
    | { kind: 'echo'; echo: JsonRecord & { id: string } }
  );

export interface WebhookChangeValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: ContactObject[];
  messages?: JsonRecord[];
  statuses?: StatusObject[];
  message_echoes?: JsonRecord[];
}

export interface WebhookEnvelope {
  object: 'whatsapp_business_account';
  entry: Array<{ id: string; changes: Array<{ value: WebhookChangeValue; field: 'messages' | 'smb_message_echoes' }> }>;
}
