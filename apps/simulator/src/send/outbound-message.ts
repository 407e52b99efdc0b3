import type { DirectSend } from '../graph/direct-send.js';
import type { JsonRecord } from '../core/guards.js';
import type { TemplateDefinition } from '../templates/template-types.js';

/** Something a customer can pick in a message: a reply button, a list row or a template quick reply. */
export interface OutboundChoice {
  kind: 'button' | 'list_row' | 'quick_reply';
  /** Button/row id, or the quick-reply payload. */
  id: string;
  title: string;
  description?: string;
}

/** A send request that passed validation. */
export interface OutboundMessage {
  /** `to` (or `recipient`) exactly as sent. */
  input: string;
  /** The BSUID when sent by `recipient`; `waId` is then that user's number. */
  recipientUserId: string | null;
  /** The recipient's WhatsApp id (digits). */
  waId: string;
  type: string;
  body: JsonRecord;
  bizOpaqueCallbackData: string | null;
  contextMessageId: string | null;
  template: TemplateDefinition | null;
  choices: OutboundChoice[];
  /** Direct Send (2026 beta): sent without a template of its own, business-initiated; null otherwise. */
  directSend: DirectSend | null;
}
