import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { DelayedError, type Job } from 'bullmq';
import { Clock } from '../../../common/clock.js';
import { JsonLogger } from '../../../common/logging/json-logger.js';
import { ConfiguredWorkerHost } from '../../../common/queue/configured-worker-host.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import { OutboundSender } from '../outbound-sender.service.js';
import { aheadOfFresh, type OutboundJobData } from '../outbox-dispatcher.service.js';
import { SendOutcomes } from '../send-outcomes.service.js';

/** Thin: one job = one row id; the sender holds the rules. */
@Processor(QUEUE_NAMES.outbound, { autorun: false })
export class OutboundProcessor extends ConfiguredWorkerHost {
  protected readonly name = 'outbox';

  constructor(
    private readonly sender: OutboundSender,
    protected readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Sends wait on the network: many at once per process. */
  protected concurrency(): number {
    return this.config.outbox.sendConcurrency;
  }

  /** Send outcomes by error code and per number for the health figures (property-injected). */
  @Inject(SendOutcomes)
  private readonly outcomes!: SendOutcomes;

  process(job: Job<OutboundJobData>, token?: string): Promise<string> {
    return this.measured(() => this.sendRow(job, token));
  }

  private async sendRow(job: Job<OutboundJobData>, token?: string): Promise<string> {
    const outcome = await this.sender.send(job.data.messageId);
    this.outcomes.record(outcome);
    if (outcome.kind === 'requeued' && token) {
      // Back before the jobs not yet tried, once its wait is over (aheadOfFresh).
      const priority = Number(job.priority);
      if (priority > 0 && aheadOfFresh(priority) !== priority) await job.changePriority({ priority: aheadOfFresh(priority) });
      // Same job, same id, later: re-adding a job with this id while it is active would be ignored.
      // BullMQ counts in real time; `notBefore` is on our clock (which a test may have moved).
      await job.moveToDelayed(Date.now() + Math.max(0, outcome.notBefore.getTime() - this.clock.now().getTime()), token);
      throw new DelayedError();
    }
    return outcome.kind === 'done' ? outcome.decision : outcome.kind;
  }
}
