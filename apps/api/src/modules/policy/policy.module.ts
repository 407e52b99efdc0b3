import { Module } from '@nestjs/common';
import { MessagingLimitsRepository } from './messaging-limits.repository.js';
import { SendingPolicy } from './sending-policy.service.js';
import { TierWebhookEffects } from './tier-webhook-effects.service.js';

/**
 * The sending policy: rates, quiet hours, the messaging limit and the reaction to Meta's errors.
 * Used by the sender, the webhooks (tier announcements), the numbers API and the metrics.
 */
@Module({ providers: [MessagingLimitsRepository, SendingPolicy, TierWebhookEffects], exports: [MessagingLimitsRepository, SendingPolicy, TierWebhookEffects] })
export class PolicyModule {}
