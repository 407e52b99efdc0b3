import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { isInfrastructureError } from '@sendbook/queue';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { Batcher } from '../../common/batching/batcher.js';
import { WebhooksRepository, type NewDelivery } from './webhooks.repository.js';

/**
 * Stores webhook POSTs with group commit: concurrent requests share one multi-row INSERT, and
 * each request learns its id only after that INSERT has committed. Throughput is then not one
 * fsync per request, and a 200 still always means "stored". A failed INSERT is retried row by
 * row, so one body PostgreSQL refuses does not turn its neighbours' answers into 500s; an outage
 * or a time-out fails the batch at once.
 */
@Injectable()
export class DeliveryWriter implements OnApplicationShutdown {
  private readonly batcher: Batcher<NewDelivery, string>;

  constructor(repo: WebhooksRepository, @Inject(APP_CONFIG) config: AppConfig) {
    this.batcher = new Batcher((rows) => repo.insertDeliveries(rows), {
      maxBatch: config.webhooks.batchMaxRows,
      maxInFlight: config.webhooks.batchMaxInFlight,
      // A stalled or absent database fails the whole batch at once (its requests answer 500).
      retryEachOn: (error) => !isInfrastructureError(error),
    });
  }

  /** Resolves with the delivery id once the row is committed; rejects if it could not be stored. */
  store(delivery: NewDelivery): Promise<string> {
    return this.batcher.add(delivery);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batcher.drain();
  }
}
