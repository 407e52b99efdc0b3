import type { JsonRecord } from '../core/guards.js';
import type { OutboundChoice } from '../send/outbound-message.js';
import type { TemplateCategory } from '../templates/template-types.js';

/** A message the simulator accepted (answered, or would have answered, with a wamid). */
export interface AcceptedMessage {
  wamid: string;
  phoneNumberId: string;
  /** The recipient's wa_id. */
  to: string;
  /** `to` (or `recipient`) as the client sent it. */
  input: string;
  /** The BSUID when the client sent by `recipient` instead of `to`. */
  recipientUserId: string | null;
  type: string;
  body: JsonRecord;
  bizOpaqueCallbackData: string | null;
  contextMessageId: string | null;
  acceptedAt: number;
  apiVersion: string;
  templateName: string | null;
  templateCategory: TemplateCategory | null;
  /** Direct Send: the category and time-to-live it was sent with (null: an ordinary send). */
  directSend: { category: string; ttlSeconds: number | null } | null;
  /** Whether the customer-service window was open when it was accepted (pricing). */
  windowOpen: boolean;
  choices: OutboundChoice[];
  /** Set when the platform will fail it after accepting (131047 in async mode, a customer's failWith). */
  failedWith: number | null;
  /** True when the HTTP answer never reached the client (lost response chaos/script). */
  responseLost: boolean;
}

/** The ledger's view: a message that really reached a phone. */
export interface LedgerEntry {
  wamid: string;
  phoneNumberId: string;
  to: string;
  /** The BSUID when it was sent by `recipient`. */
  recipientUserId: string | null;
  type: string;
  body: JsonRecord;
  bizOpaqueCallbackData: string | null;
  contextMessageId: string | null;
  acceptedAt: number;
  responseLost: boolean;
}

export type RejectionCause = 'graph_error' | 'scripted_error' | 'http_500';

/** Every error answer given to a send. */
export interface Rejection {
  at: number;
  phoneNumberId: string;
  to: string | null;
  code: number;
  httpStatus: number;
  details: string;
  cause: RejectionCause;
  /** Whether the answer was then lost (a scripted/chaos lost response on a rejected send). */
  responseLost: boolean;
}

export interface ReadReceipt {
  at: number;
  phoneNumberId: string;
  messageId: string;
  /** Whether the wamid is an inbound message the simulator emitted. */
  known: boolean;
  typingIndicator: boolean;
}

/** A file a business uploaded by POST /{phone_number_id}/media. */
export interface UploadRecord {
  at: number;
  id: string;
  phoneNumberId: string;
  mimeType: string;
  filename: string | null;
  size: number;
  sha256Hex: string;
}

export interface InboundRecord {
  wamid: string;
  phoneNumberId: string;
  from: string;
  type: string;
  contextWamid: string | null;
  at: number;
  message: JsonRecord;
}
