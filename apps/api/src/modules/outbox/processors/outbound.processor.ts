import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { QUEUE_NAMES } from '@sendbook/queue';
import { Inject, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { JsonLogger } from '../../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import { OutboundSender } from '../outbound-sender.service.js';
import type { OutboundJobData } from '../outbox-dispatcher.service.js';

/** Thin: one job = one row id; the sender holds the rules. */
@Processor(QUEUE_NAMES.outbound)
export class OutboundProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly sender: OutboundSender,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** Sends wait on the network: many at once per process (the decorator can't read config). */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.outbox.sendConcurrency;
  }

  /**
   * Finish in-flight sends (and record their outcome) before anything else shuts down: the
   * database connections close in the next shutdown phase.
   */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.logger.event('info', 'outbox.worker_draining', { signal });
    await this.worker.close();
    this.logger.event('info', 'outbox.worker_drained', { signal });
  }

  /** Redis trouble (a flush, a restart) surfaces here; PostgreSQL and the sweeper recover from it. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.event('warn', 'outbox.worker_error', { error: error.message });
  }

  async process(job: Job<OutboundJobData>, token?: string): Promise<string> {
    const outcome = await this.sender.send(job.data.messageId);
    if (outcome.kind === 'requeued' && token) {
      // Same job, same id, later: re-adding a job with this id while it is active would be ignored.
      await job.moveToDelayed(outcome.notBefore.getTime(), token);
      throw new DelayedError();
    }
    return outcome.kind === 'done' ? outcome.decision : outcome.kind;
  }
}
