import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { DelayedError, type Job } from 'bullmq';
import { JsonLogger } from '../../../common/logging/json-logger.js';
import { ConfiguredWorkerHost } from '../../../common/queue/configured-worker-host.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import { OutboundSender } from '../outbound-sender.service.js';
import type { OutboundJobData } from '../outbox-dispatcher.service.js';

/** Thin: one job = one row id; the sender holds the rules. */
@Processor(QUEUE_NAMES.outbound, { autorun: false })
export class OutboundProcessor extends ConfiguredWorkerHost {
  protected readonly name = 'outbox';

  constructor(
    private readonly sender: OutboundSender,
    protected readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** Sends wait on the network: many at once per process. */
  protected concurrency(): number {
    return this.config.outbox.sendConcurrency;
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
