import { Inject, Injectable } from '@nestjs/common';
import { announcedLimit } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MessagingLimitsRepository, type ReleasedRow } from './messaging-limits.repository.js';

/** Applies Meta's limit announcements, in the transaction that claims the webhook event. */
@Injectable()
export class TierWebhookEffects {
  constructor(
    private readonly limits: MessagingLimitsRepository,
    private readonly logger: JsonLogger,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Returns the rows it made due now: once `tx` commits, their delayed jobs must be brought forward. */
  async apply(tx: EntityManager, field: string, value: unknown): Promise<ReleasedRow[]> {
    const announced = announcedLimit(field, value);
    if (!announced) return [];
    // In portfolio scope a per-number figure is what Meta reports for the portfolio's numbers.
    const scopeId = this.config.policy.tierScope === 'portfolio' ? this.limits.portfolioScopeId() : await this.numberScope(tx, announced.displayPhoneNumber);
    if (!scopeId) {
      this.logger.event('warn', 'policy.limit_for_unknown_number', { field, display_phone_number: announced.displayPhoneNumber, limit: announced.limit });
      return [];
    }
    await this.limits.setLimit(tx, scopeId, announced.limit, field);
    // Rows waiting for a slot under the old limit try again now; those still over it wait again.
    const released = await this.limits.releaseWaiting(tx, scopeId, this.clock.now());
    this.logger.event('info', 'policy.messaging_limit', { scope_id: scopeId, limit: announced.limit, source: field, released: released.length });
    return released;
  }

  /** Meta names the number by its display number only. */
  private async numberScope(tx: EntityManager, displayPhoneNumber: string | null): Promise<string | null> {
    const phoneNumberId = displayPhoneNumber ? await this.limits.numberByDisplay(tx, displayPhoneNumber) : null;
    return phoneNumberId ? this.limits.scopeOf(phoneNumberId) : null;
  }
}
