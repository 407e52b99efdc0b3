import type { AcceptedMessage } from '../state/records.js';
import type { StatusObject } from './webhook-types.js';

/**
 * Per-message pricing (since July 2025): templates are billable by category, except utility
 * templates inside an open customer-service window; everything else is free service.
 */
export function pricingFor(message: AcceptedMessage): NonNullable<StatusObject['pricing']> {
  const category = message.templateCategory?.toLowerCase();
  if (!category) return { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };
  if (category === 'utility' && message.windowOpen) {
    return { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category };
  }
  return { billable: true, pricing_model: 'PMP', type: 'regular', category };
}

/** The `conversation.origin.type` a message opens or joins. */
export function conversationOrigin(message: AcceptedMessage): string {
  return message.templateCategory?.toLowerCase() ?? 'service';
}

/** Graph v24.0+ omits `conversation` (outside free entry points); v23 and earlier carry it. */
export function carriesConversation(apiVersion: string): boolean {
  const major = Number(/^v(\d+)/.exec(apiVersion)?.[1] ?? '0');
  return major > 0 && major < 24;
}
