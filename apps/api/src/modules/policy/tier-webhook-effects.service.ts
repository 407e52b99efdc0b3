import { Inject, Injectable } from '@nestjs/common';
import { announcedLimit, type MessagingLimit } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MessagingLimitsRepository, numberOfScope } from './messaging-limits.repository.js';

/** A limit Meta announced and we stored. */
export interface LimitAnnounced {
  readonly scopeId: string;
  readonly limit: MessagingLimit;
  /** The number whose rows waiting for a slot may try again; null: the whole portfolio's. */
  readonly waitingOn: string | null;
}

/** Applies Meta's limit announcements, in the transaction that claims the webhook event. */
@Injectable()
export class TierWebhookEffects {
  constructor(
    private readonly limits: MessagingLimitsRepository,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores an announced limit; returns it with the number whose waiting rows should try again now
   * (null: every number of the portfolio), for the caller to have the outbox bring them forward.
   */
  async apply(tx: EntityManager, field: string, value: unknown): Promise<LimitAnnounced | null> {
    const announced = announcedLimit(field, value);
    if (!announced) return null;
    // In portfolio scope a per-number figure is what Meta reports for the portfolio's numbers.
    const scopeId = this.config.policy.tierScope === 'portfolio' ? this.limits.portfolioScopeId() : await this.numberScope(tx, announced.displayPhoneNumber);
    if (!scopeId) {
      this.logger.event('warn', 'policy.limit_for_unknown_number', { field, display_phone_number: announced.displayPhoneNumber, limit: announced.limit });
      return null;
    }
    await this.limits.setLimit(tx, scopeId, announced.limit, field);
    // Rows waiting for a slot under the old limit try again now; those still over it wait again.
    return { scopeId, limit: announced.limit, waitingOn: numberOfScope(scopeId) };
  }

  /** Meta names the number by its display number only. */
  private async numberScope(tx: EntityManager, displayPhoneNumber: string | null): Promise<string | null> {
    const phoneNumberId = displayPhoneNumber ? await this.limits.numberByDisplay(tx, displayPhoneNumber) : null;
    return phoneNumberId ? this.limits.scopeOf(phoneNumberId) : null;
  }
}
