import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { PeriodicTasks } from '../../common/periodic-tasks.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookProcessingService } from './webhook-processing.service.js';
import { WebhookStatusesService } from './webhook-statuses.service.js';
import { WebhooksRepository } from './webhooks.repository.js';

const BATCH = 1000;
/** Deliveries a sweep takes over from dead workers, in this process, per run. */
const TAKEOVER_BATCH = 50;

/**
 * Local timers in every worker process (like the outbox's: a Redis flush must not take away the
 * sweep that recovers from it): enqueue stored deliveries that never got a job, take over those a
 * dead worker held, retry parked statuses, and purge event keys past their retention.
 */
@Injectable()
export class WebhookTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: PeriodicTasks;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly processing: WebhookProcessingService,
    private readonly statuses: WebhookStatusesService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = new PeriodicTasks(logger);
  }

  onApplicationBootstrap(): void {
    const c = this.config.webhooks;
    this.tasks.every('webhooks.sweep', c.sweepIntervalMs, () => this.sweep());
    this.tasks.every('webhooks.parked', c.parkedRetryMs, () => this.statuses.retryParked());
    this.tasks.every('webhooks.purge', c.purgeIntervalMs, () => this.purge());
    // Catching up on what nobody was notified of is the relay's, when it starts relaying.
    void this.tasks.runOnce('webhooks.sweep', () => this.sweep());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  /** A sweep of everything stored so far (see `sweep`), once at a time; never throws. */
  catchUp(): void {
    void this.tasks.runOnce('webhooks.catch_up', () => this.sweep({ catchUp: true }));
  }

  /**
   * Returns how many deliveries it enqueued or took over. `catchUp`: notifications may have been
   * missed (the relay starting, or re-listening after a lost connection), so even the newest
   * deliveries are taken.
   */
  async sweep({ catchUp = false } = {}): Promise<number> {
    const now = this.clock.now();
    // Otherwise a delivery younger than a sweep interval is most likely on its way to the queue already.
    const grace = catchUp ? 0 : Math.min(this.config.webhooks.sweepIntervalMs, 2000);
    const neverStarted = await this.repo.findNeverStarted(new Date(now.getTime() - grace), BATCH);
    await this.dispatcher.dispatch(neverStarted);
    // A dead worker's job may sit in Redis until BullMQ notices; the lease in PostgreSQL is the truth.
    const orphaned = await this.repo.findExpiredLeases(now, TAKEOVER_BATCH);
    for (const id of orphaned) {
      const outcome = await this.processing.process(id);
      this.logger.event('info', 'webhook.delivery_taken_over', { delivery_id: id, outcome: outcome.kind });
    }
    if (neverStarted.length > 0) this.logger.event('info', 'webhook.swept', { enqueued: neverStarted.length });
    return neverStarted.length + orphaned.length;
  }

  /** Deletes event keys older than the retention (≥ 8 days); never a younger one. */
  async purge(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.webhooks.keyRetentionMs);
    let total = 0;
    for (;;) {
      const deleted = await this.repo.purgeClaims(before, 10_000);
      total += deleted;
      if (deleted < 10_000) break;
    }
    if (total > 0) this.logger.event('info', 'webhook.claims_purged', { deleted: total });
    return total;
  }
}
