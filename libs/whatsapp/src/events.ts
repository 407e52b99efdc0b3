import type { WebhookError } from './graph-error.js';
import type {
  WaButton,
  WaContext,
  WaEdit,
  WaInteractiveReply,
  WaLocation,
  WaMedia,
  WaOrder,
  WaReaction,
  WaReferral,
  WaRevoke,
  WaSharedContact,
  WaSystem,
  WaText,
  WaUnsupported,
} from './webhook-types.js';

/** What the user picked: a reply button, a list row or a template quick-reply button. */
export interface Choice {
  id: string;
  title: string;
}

/**
 * The type-specific part of an inbound message, discriminated on `type`. When the object for
 * the type is missing or unreadable (or the type is new), it is `unknown` with every raw field.
 */
export type InboundContent =
  | { type: 'text'; text: WaText }
  | { type: 'image'; image: WaMedia }
  | { type: 'audio'; audio: WaMedia }
  | { type: 'video'; video: WaMedia }
  | { type: 'document'; document: WaMedia }
  | { type: 'sticker'; sticker: WaMedia }
  | { type: 'location'; location: WaLocation }
  | { type: 'contacts'; contacts: WaSharedContact[] }
  | { type: 'interactive'; interactive: WaInteractiveReply }
  | { type: 'button'; button: WaButton }
  | { type: 'reaction'; reaction: WaReaction }
  | { type: 'order'; order: WaOrder }
  | { type: 'system'; system: WaSystem }
  | { type: 'edit'; edit: WaEdit }
  | { type: 'revoke'; revoke: WaRevoke }
  | { type: 'unsupported'; unsupported: WaUnsupported }
  | { type: 'unknown'; originalType: string | null; fields: Record<string, unknown> };

export type InboundContentType = InboundContent['type'];

export interface InboundMessage {
  /** wamid ("" only if Meta sent none). */
  id: string;
  /** Meta's `type`, as sent. `content.type` says what could actually be read. */
  type: string;
  /** Sender phone number (digits); null for username users without a shared number. */
  from: string | null;
  /** Sender BSUID. */
  fromUserId: string | null;
  fromParentUserId: string | null;
  groupId: string | null;
  /** Unix seconds (Meta sends a string). */
  timestamp: number | null;
  /** Text to show: body, caption, button / row title, flow body, order text, system body. */
  text: string | null;
  choice: Choice | null;
  /** `context.id`: the wamid this message replies to (reply attribution key). */
  contextWamid: string | null;
  /** `context.from`: business display number of the message replied to. */
  contextFrom: string | null;
  context: WaContext | null;
  forwarded: boolean;
  frequentlyForwarded: boolean;
  referral: WaReferral | null;
  /** messages[].errors[] (unsupported types, media download failures). */
  errors: WebhookError[];
  content: InboundContent;
  raw: Record<string, unknown>;
}

/** A `contacts[]` entry of a messages webhook. */
export interface Contact {
  waId: string | null;
  userId: string | null;
  parentUserId: string | null;
  name: string | null;
  username: string | null;
  identityKeyHash: string | null;
  raw: Record<string, unknown>;
}

export interface StatusConversation {
  id: string | null;
  /** Unix seconds; only on `sent`. */
  expirationTimestamp: number | null;
  originType: string | null;
}

export interface StatusPricing {
  billable: boolean | null;
  pricingModel: string | null;
  type: string | null;
  category: string | null;
}

export interface StatusUpdate {
  /** wamid of the outbound message ("" only if Meta sent none). */
  id: string;
  /** As sent: sent, delivered, read, played, failed, or legacy/unknown values (kept, never applied). */
  status: string;
  /** Unix seconds when the status happened. */
  timestamp: number | null;
  recipientId: string | null;
  recipientUserId: string | null;
  parentRecipientUserId: string | null;
  recipientType: string | null;
  recipientParticipantId: string | null;
  recipientIdentityKeyHash: string | null;
  bizOpaqueCallbackData: string | null;
  conversation: StatusConversation | null;
  pricing: StatusPricing | null;
  errors: WebhookError[];
  raw: Record<string, unknown>;
}

interface EventBase {
  /** Idempotency key derived from the event itself (see event-keys.ts). */
  key: string;
  field: string;
  /** entry.id */
  wabaId: string | null;
}

export interface MessageEvent extends EventBase {
  kind: 'message';
  phoneNumberId: string | null;
  displayPhoneNumber: string | null;
  message: InboundMessage;
  contact: Contact | null;
  raw: Record<string, unknown>;
}

export interface StatusEvent extends EventBase {
  kind: 'status';
  phoneNumberId: string | null;
  displayPhoneNumber: string | null;
  status: StatusUpdate;
  raw: Record<string, unknown>;
}

/**
 * A message the business sent from the WhatsApp Business app on its phone (or a linked device),
 * which Meta echoes to coexistence numbers as `smb_message_echoes`. Sendbook did not send it.
 */
export interface MessageEcho {
  /** wamid ("" only if Meta sent none). */
  id: string;
  /** Meta's `type`, as sent. */
  type: string;
  /** The business display number it was sent from. */
  from: string | null;
  /** The WhatsApp user it went to: digits only (Meta writes what the phone typed, `+` included at times). */
  to: string | null;
  /** The user's business-scoped user id, when Meta names one. */
  toUserId: string | null;
  /** Unix seconds (Meta sends a string). */
  timestamp: number | null;
  /** Text to show: body or caption, as for inbound messages. */
  text: string | null;
  content: InboundContent;
  raw: Record<string, unknown>;
}

export interface EchoEvent extends EventBase {
  kind: 'echo';
  phoneNumberId: string | null;
  displayPhoneNumber: string | null;
  echo: MessageEcho;
  raw: Record<string, unknown>;
}

/** value.errors[]: a system/app/account-level error not tied to one message. */
export interface ErrorEvent extends EventBase {
  kind: 'error';
  phoneNumberId: string | null;
  error: WebhookError;
  raw: unknown;
}

/** Every other field (templates, account, quality, user_preferences items, unknown fields…). */
export interface FieldEvent extends EventBase {
  kind: 'field';
  /** entry.time, or the value's own timestamp, in Unix seconds. */
  time: number | null;
  /** metadata.phone_number_id when the value carries one. */
  phoneNumberId: string | null;
  /** The change value, or a single item for fields split per item (user_preferences). */
  value: unknown;
  /** The change object as received. */
  raw: unknown;
}

export type WebhookEvent = MessageEvent | StatusEvent | EchoEvent | ErrorEvent | FieldEvent;

export type WebhookParseErrorCode = 'invalid_json' | 'not_an_envelope';

export type WebhookParseResult = { ok: true; events: WebhookEvent[] } | { ok: false; error: { code: WebhookParseErrorCode; message: string } };
