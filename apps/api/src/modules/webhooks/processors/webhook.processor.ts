import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Job } from 'bullmq';
import { JsonLogger } from '../../../common/logging/json-logger.js';
import { ConfiguredWorkerHost } from '../../../common/queue/configured-worker-host.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import { BackgroundWork } from '../../../background/background-work.service.js';
import { parseJob } from '../../../background/parse-job.js';
import type { WebhookJobData } from '../webhook-dispatcher.service.js';
import { WebhookProcessingService } from '../webhook-processing.service.js';

/** Thin: one job = one stored delivery; the processing service holds the rules. */
@Processor(QUEUE_NAMES.webhooks, { autorun: false })
export class WebhookProcessor extends ConfiguredWorkerHost {
  protected readonly name = 'webhook';

  constructor(
    private readonly processing: WebhookProcessingService,
    protected readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    work: BackgroundWork,
  ) {
    super();
    work.handles(QUEUE_NAMES.webhooks, ['process'], 'WebhookProcessor');
  }

  protected concurrency(): number {
    return this.config.webhooks.concurrency;
  }

  process(job: Job<WebhookJobData>): Promise<string> {
    return this.measured(() => this.processDelivery(job));
  }

  private async processDelivery(job: Job<WebhookJobData>): Promise<string> {
    const outcome = await this.processing.process(parseJob(QUEUE_NAMES.webhooks, job.name, job.data).deliveryId);
    // Thrown so BullMQ retries with backoff; the delivery's own attempt count caps it (then poison).
    if (outcome.kind === 'retry') throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome.kind;
  }
}
