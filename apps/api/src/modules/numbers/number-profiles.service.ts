import { Inject, Injectable } from '@nestjs/common';
import type { GraphClient } from '@sendbook/whatsapp';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { NumberProfilesRepository } from './number-profiles.repository.js';

export interface ProfileSync {
  readonly synced: string[];
  readonly failed: { phone_number_id: string; outcome: string; error: string | null }[];
}

/**
 * Reads each business number's profile from Meta (`GET /<phone_number_id>`): its verified name,
 * quality rating and throughput level, which no webhook carries in full. On worker boot, then
 * every NUMBER_PROFILE_SYNC_INTERVAL_MS, and when an admin asks.
 */
@Injectable()
export class NumberProfilesService {
  constructor(
    private readonly repo: NumberProfilesRepository,
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
        synced.push(id);
      } else {
        const error = result.outcome === 'rejected' ? `${result.error.code}: ${result.error.message}` : null;
        failed.push({ phone_number_id: id, outcome: result.outcome, error });
        this.logger.event('warn', 'numbers.profile_sync_failed', { phone_number_id: id, outcome: result.outcome, error });
      }
    }
    return { synced, failed };
  }
}
