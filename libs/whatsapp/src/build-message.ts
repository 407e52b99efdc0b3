import { recipientField } from './bsuid.js';
import type { MarkAsReadBody, OutboundBase, OutboundText } from './outbound-types.js';

// Builders for send bodies. They only assemble JSON: Meta validates lengths and counts (a text body
// up to 4,096 characters, at most 3 reply buttons with titles up to 20, lists of at most 10 rows; see
// https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages) and answers with an error code the classifier understands.

export interface CommonOptions {
  /** wamid to quote (contextual reply). */
  replyTo?: string;
  /** Echoed on status webhooks; Sendbook puts the outbound message id here. */
  bizOpaqueCallbackData?: string;
  recipientType?: 'individual' | 'group';
}

/** `to` is a phone number, a group id or a BSUID (then sent as `recipient`). */
function base(to: string, options: CommonOptions = {}): OutboundBase {
  const body: OutboundBase = {
    messaging_product: 'whatsapp',
    recipient_type: options.recipientType ?? 'individual',
    ...(options.recipientType === 'group' ? { to } : recipientField(to)),
  };
  if (options.replyTo !== undefined) body.context = { message_id: options.replyTo };
  if (options.bizOpaqueCallbackData !== undefined) body.biz_opaque_callback_data = options.bizOpaqueCallbackData;
  return body;
}

export function buildTextMessage(to: string, text: string, options: CommonOptions & { previewUrl?: boolean } = {}): OutboundText {
  const body: OutboundText['text'] = { body: text };
  if (options.previewUrl !== undefined) body.preview_url = options.previewUrl;
  return { ...base(to, options), type: 'text', text: body };
}

export function buildMarkAsReadBody(wamid: string, options: { typingIndicator?: boolean } = {}): MarkAsReadBody {
  const body: MarkAsReadBody = { messaging_product: 'whatsapp', status: 'read', message_id: wamid };
  if (options.typingIndicator) body.typing_indicator = { type: 'text' };
  return body;
}
