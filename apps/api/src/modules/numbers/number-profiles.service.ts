import { Inject, Injectable } from '@nestjs/common';
import { parseTier } from '@sendbook/queue';
import type { GraphClient, PhoneNumberProfile } from '@sendbook/whatsapp';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { bringWaitingForward } from '../outbox/outbound-transitions.js';
import { MESSAGING_LIMIT_WAIT, MessagingLimitsRepository, numberOfScope } from '../policy/messaging-limits.repository.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { NumberProfilesRepository } from './number-profiles.repository.js';

export interface ProfileSync {
  readonly synced: string[];
  readonly failed: { phone_number_id: string; outcome: string; error: string | null }[];
}

/** Where a limit read from the Graph API is recorded as coming from (beside webhook fields). */
export const GRAPH_LIMIT_SOURCE = 'graph:whatsapp_business_manager_messaging_limit';

/**
 * Reads each business number's profile from Meta (`GET /<phone_number_id>`): its verified name,
 * quality rating, throughput level and the portfolio's messaging limit, which no webhook carries in
 * full. On worker boot, then every NUMBER_PROFILE_SYNC_INTERVAL_MS, and when an admin asks. The
 * limit replaces the configured assumption (MESSAGING_LIMIT) as a webhook's announcement would.
 */
@Injectable()
export class NumberProfilesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: NumberProfilesRepository,
    private readonly limits: MessagingLimitsRepository,
    private readonly outbox: OutboxService,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every number we send from or were told about; one failing does not stop the others. */
  async sync(): Promise<ProfileSync> {
    const ids = [...new Set([this.config.whatsapp.phoneNumberId, ...Object.keys(this.config.policy.numberRates), ...(await this.repo.ids())])].sort();
    const synced: string[] = [];
    const failed: ProfileSync['failed'] = [];
    for (const id of ids) {
      const result = await this.graph.getPhoneNumber(id);
      if (result.outcome === 'ok') {
        await this.repo.save({ ...result, id }, this.clock.now());
        await this.adoptLimit(id, result);
        synced.push(id);
      } else {
        const error = result.outcome === 'rejected' ? `${result.error.code}: ${result.error.message}` : null;
        failed.push({ phone_number_id: id, outcome: result.outcome, error });
        this.logger.event('warn', 'numbers.profile_sync_failed', { phone_number_id: id, outcome: result.outcome, error });
      }
    }
    return { synced, failed };
  }

  /** Meta's current limit for the number's scope; a raised one lets the rows waiting for a slot go now. */
  private async adoptLimit(id: string, profile: PhoneNumberProfile): Promise<void> {
    const limit = parseTier(profile.messagingLimit);
    // Absent, TIER_NOT_SET or a name we do not know: keep the limit we have.
    if (limit === null) return;
    const scopeId = this.limits.scopeOf(id);
    const now = this.clock.now();
    // The new limit and the rows it lets go, together: a crash between them would strand the rows.
    const released = await this.dataSource.transaction(async (tx) =>
      (await this.limits.adopt(tx, scopeId, limit, GRAPH_LIMIT_SOURCE)) ? bringWaitingForward(tx, MESSAGING_LIMIT_WAIT, numberOfScope(scopeId), now) : null,
    );
    if (released === null) return;
    this.logger.event('info', 'policy.messaging_limit', {
      scope_id: scopeId,
      limit,
      source: GRAPH_LIMIT_SOURCE,
      phone_number_id: id,
      released: released.length,
    });
    await this.outbox.bringForward(released);
  }
}
