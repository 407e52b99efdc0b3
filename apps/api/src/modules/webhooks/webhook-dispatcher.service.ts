import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import type { JobName, JobPayload } from '../../background/background-work.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { EnqueueBudget } from '../../common/queue/enqueue-budget.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';

/** Nobody answers a webhook after this add (the 200 went first): a sweep's or a replay's bound. */
const DISPATCH_DEADLINE_MS = 5_000;

/** One stored delivery (declared in background-work.ts). */
export type WebhookJobData = JobPayload<typeof QUEUE_NAMES.webhooks>;

/**
 * One job per stored delivery, job id = delivery id (adding it twice while it waits is a no-op).
 * Enqueueing happens after the 200 and in bulk; a delivery whose job was lost is found by the
 * sweeper, because PostgreSQL, not Redis, says what is still to do. While Redis is away at most
 * ENQUEUE_MAX_PENDING deliveries wait in ioredis for it; the rest are left to the sweeper at once.
 */
@Injectable()
export class WebhookDispatcher {
  private buffer: string[] = [];
  private scheduled = false;
  private readonly budget: EnqueueBudget;

  constructor(
    @InjectQueue(QUEUE_NAMES.webhooks) private readonly queue: Queue<WebhookJobData>,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.budget = new EnqueueBudget(config.enqueue.maxPending);
  }

  /** Queues the delivery with the others stored in the same moment; never throws. */
  dispatchSoon(deliveryId: string): void {
    this.buffer.push(deliveryId);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const ids = this.buffer;
      this.buffer = [];
      this.dispatch(ids).catch((error: unknown) =>
        this.logger.event('warn', 'webhook.enqueue_failed', { deliveries: ids.length, error, note: 'the sweeper will enqueue them' }),
      );
    });
  }

  /** Throws when Redis did not take the jobs within DISPATCH_DEADLINE_MS (or is away). */
  async dispatch(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    if ((await this.budget.run(ids.length, () => this.addAll(ids), DISPATCH_DEADLINE_MS)) === 'deferred') {
      throw new Error(`Redis did not take ${ids.length} webhook jobs within ${DISPATCH_DEADLINE_MS} ms`);
    }
  }

  /** Jobs waiting for a worker: a sweep feeding a backlog adds more only when they run low. */
  waitingJobs(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  private async addAll(ids: readonly string[]): Promise<void> {
    await this.queue.addBulk(
      ids.map((deliveryId) => ({
        name: 'process' satisfies JobName<typeof QUEUE_NAMES.webhooks>,
        data: { deliveryId },
        opts: {
          jobId: deliveryId,
          attempts: Math.min(3, this.config.webhooks.maxAttempts),
          backoff: { type: 'exponential', delay: 500 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  }
}
