import { webhookError } from '../graph/graph-error.js';
import type { AcceptedMessage } from '../state/records.js';
import type { Conversations } from './conversations.js';
import { carriesConversation, conversationOrigin, pricingFor } from './pricing.js';
import type { StatusObject, StatusValue } from './webhook-types.js';

export interface StatusExtras {
  /** Pricing appears on `sent` and on one of `delivered`/`read`. */
  withPricing: boolean;
  errorCode?: number;
}

/** A `statuses[]` object in Meta's shape, keys in Meta's order. */
export function buildStatus(message: AcceptedMessage, status: StatusValue, now: number, conversations: Conversations, extras: StatusExtras): StatusObject {
  const object: StatusObject = {
    id: message.wamid,
    status,
    timestamp: String(Math.floor(now / 1000)),
    // Sent by BSUID: Meta names the user by recipient_user_id and leaves recipient_id out.
    ...(message.recipientUserId !== null ? { recipient_user_id: message.recipientUserId } : { recipient_id: message.to }),
  };
  if (message.bizOpaqueCallbackData !== null) object.biz_opaque_callback_data = message.bizOpaqueCallbackData;
  if (status === 'failed') {
    object.errors = [webhookError(extras.errorCode ?? 131026)];
    return object;
  }
  if (carriesConversation(message.apiVersion)) {
    const origin = conversationOrigin(message);
    const conversation = conversations.get(message.phoneNumberId, message.to, origin, message.acceptedAt);
    object.conversation =
      status === 'sent'
        ? { id: conversation.id, expiration_timestamp: String(Math.floor(conversation.expiresAt / 1000)), origin: { type: origin } }
        : { id: conversation.id, origin: { type: origin } };
  }
  if (extras.withPricing) object.pricing = pricingFor(message);
  return object;
}
