import { contentFingerprint } from '@sendbook/queue';
import type { CreateMessageDto } from './dto/create-message.dto.js';
import type { NewOutboundMessage } from './outbox.repository.js';

/**
 * The queue row for a validated request: `to` normalised once, the content fingerprint that tells
 * a repeat of the same business event from a conflicting one, and the defaults.
 */
export function newOutboundRow(
  dto: CreateMessageDto,
  phone: { e164: string; waId: string },
  { now, phoneNumberId, retainUntil }: { now: Date; phoneNumberId: string; retainUntil: Date | null },
): NewOutboundMessage {
  return {
    dedupeKey: dto.dedupe_key,
    to: phone.e164,
    toWaId: phone.waId,
    purpose: dto.purpose,
    triggerRef: dto.trigger_ref ?? null,
    campaign: dto.campaign ?? null,
    payload: dto.payload,
    contentHash: contentFingerprint({ to: phone.e164, purpose: dto.purpose, payload: dto.payload }),
    fallbackTemplate: dto.fallback_template ?? null,
    priority: dto.priority ?? 0,
    phoneNumberId: dto.phone_number_id ?? phoneNumberId,
    notBefore: dto.not_before ?? now,
    retainUntil,
    expiresAt: dto.expires_at ?? null,
  };
}
