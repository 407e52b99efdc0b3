import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { GroupCommitter } from './domain/group-commit.js';
import { WebhooksRepository, type NewDelivery } from './webhooks.repository.js';

/**
 * Stores webhook POSTs with group commit: concurrent requests share one multi-row INSERT, and
 * each request learns its id only after that INSERT has committed. Throughput is then not one
 * fsync per request, and a 200 still always means "stored".
 */
@Injectable()
export class DeliveryWriter implements OnApplicationShutdown {
  private readonly committer: GroupCommitter<NewDelivery, string>;

  constructor(repo: WebhooksRepository, @Inject(APP_CONFIG) config: AppConfig) {
    this.committer = new GroupCommitter((rows) => repo.insertDeliveries(rows), {
      maxItems: config.webhooks.batchMaxRows,
      windowMs: config.webhooks.batchWindowMs,
      maxInFlight: config.webhooks.batchMaxInFlight,
    });
  }

  /** Resolves with the delivery id once the row is committed; rejects if it could not be stored. */
  store(delivery: NewDelivery): Promise<string> {
    return this.committer.submit(delivery);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.committer.drain();
  }
}
