import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import type { KeysetCursor } from '../../database/keyset-cursor.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookProcessingService } from './webhook-processing.service.js';
import { WebhookStatusesService } from './webhook-statuses.service.js';
import { WebhooksRepository } from './webhooks.repository.js';

const BATCH = 1000;
/**
 * A backlog (deliveries stored while no worker ran) is fed to the queue as the workers drain it:
 * the next page goes in once fewer than this many jobs wait. Before, a sweep enqueued one page and
 * left the rest to the next sweep, so a backlog drained at 1,000 deliveries per sweep interval
 * (200/s by default) however fast the workers were.
 */
export const SWEEP_MAX_WAITING = BATCH;
const FEED_POLL_MS = 50;
/** Deliveries a sweep takes over from dead workers, in this process, per run. */
const TAKEOVER_BATCH = 50;

/**
 * Local timers in every worker process (like the outbox's: a Redis flush must not take away the
 * sweep that recovers from it): enqueue stored deliveries that never got a job, take over those a
 * dead worker held, retry parked statuses, and purge event keys past their retention.
 */
@Injectable()
export class WebhookTimers implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;
  private stopping = false;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly processing: WebhookProcessingService,
    private readonly statuses: WebhookStatusesService,
    private readonly clock: Clock,
    work: BackgroundWork,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('webhooks.sweep', () => this.sweep());
    // Its own task: a sweep feeding a long backlog must not hold up the takeover of a dead worker's deliveries.
    this.tasks.every('webhooks.takeover', () => this.takeOver());
    this.tasks.every('webhooks.parked', () => this.statuses.retryParked());
  }

  /** Before the connections close: a sweep feeding a backlog stops after its current page. */
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  /** A sweep of everything stored so far (see `sweep`), once at a time; never throws. */
  catchUp(): void {
    void this.tasks.runOnce('webhooks.catch_up', () => this.sweep({ catchUp: true }));
  }

  /**
   * Enqueues every stored delivery that never got a job, page by page, and returns how many.
   * `catchUp`: notifications may have been missed (the relay starting, or re-listening after a lost
   * connection), so even the newest deliveries are taken.
   */
  async sweep({ catchUp = false } = {}): Promise<number> {
    // Otherwise a delivery younger than a sweep interval is most likely on its way to the queue already.
    const grace = catchUp ? 0 : Math.min(this.config.webhooks.sweepIntervalMs, 2000);
    const receivedBefore = new Date(this.clock.now().getTime() - grace);
    let cursor: KeysetCursor | null = null;
    let enqueued = 0;
    for (;;) {
      const page = await this.repo.findNeverStarted(receivedBefore, BATCH, cursor);
      await this.dispatcher.dispatch(page.map((delivery) => delivery.id));
      enqueued += page.length;
      if (page.length < BATCH || this.stopping) break;
      cursor = page[page.length - 1]!.cursor;
      while (!this.stopping && (await this.dispatcher.waitingJobs()) >= SWEEP_MAX_WAITING) await new Promise((resolve) => setTimeout(resolve, FEED_POLL_MS));
    }
    if (enqueued > 0) this.logger.event('info', 'webhook.swept', { enqueued });
    return enqueued;
  }

  /** A dead worker's job may sit in Redis until BullMQ notices; the lease in PostgreSQL is the truth. */
  async takeOver(): Promise<number> {
    const orphaned = await this.repo.findExpiredLeases(this.clock.now(), TAKEOVER_BATCH);
    for (const id of orphaned) {
      const outcome = await this.processing.process(id);
      this.logger.event('info', 'webhook.delivery_taken_over', { delivery_id: id, outcome: outcome.kind });
    }
    return orphaned.length;
  }
}
