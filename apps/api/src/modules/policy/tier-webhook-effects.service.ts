import { Inject, Injectable } from '@nestjs/common';
import { announcedLimit } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MessagingLimitsRepository } from './messaging-limits.repository.js';

/** Applies Meta's limit announcements, in the transaction that claims the webhook event. */
@Injectable()
export class TierWebhookEffects {
  constructor(
    private readonly limits: MessagingLimitsRepository,
    private readonly logger: JsonLogger,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async apply(tx: EntityManager, field: string, value: unknown): Promise<void> {
    const announced = announcedLimit(field, value);
    if (!announced) return;
    let scopeId: string | null;
    if (this.config.policy.tierScope === 'portfolio') {
      // A per-number figure in portfolio scope is what Meta reports for the portfolio's numbers.
      scopeId = this.limits.scopeOf('');
    } else {
      const phoneNumberId = announced.displayPhoneNumber ? await this.limits.numberByDisplay(tx, announced.displayPhoneNumber) : null;
      scopeId = phoneNumberId ? this.limits.scopeOf(phoneNumberId) : null;
    }
    if (!scopeId) {
      this.logger.event('warn', 'policy.limit_for_unknown_number', { field, display_phone_number: announced.displayPhoneNumber, limit: announced.limit });
      return;
    }
    await this.limits.setLimit(tx, scopeId, announced.limit, field);
    // Rows waiting for a slot under the old limit try again now; those still over it wait again.
    const released = await this.limits.releaseWaiting(tx, scopeId, this.clock.now());
    this.logger.event('info', 'policy.messaging_limit', { scope_id: scopeId, limit: announced.limit, source: field, released });
  }
}
