import { Global, Module } from '@nestjs/common';
import { MessagingLimitsRepository } from './messaging-limits.repository.js';
import { SendingPolicy } from './sending-policy.service.js';
import { TierWebhookEffects } from './tier-webhook-effects.service.js';

/** The sending policy: shared by the sender, the webhooks (tier updates) and the numbers API. */
@Global()
@Module({ providers: [MessagingLimitsRepository, SendingPolicy, TierWebhookEffects], exports: [MessagingLimitsRepository, SendingPolicy, TierWebhookEffects] })
export class PolicyModule {}
