import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import type { WebhookJobData } from '../webhook-dispatcher.service.js';
import { WebhookProcessingService } from '../webhook-processing.service.js';

/** Thin: one job = one stored delivery; the processing service holds the rules. */
@Processor(QUEUE_NAMES.webhooks)
export class WebhookProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly processing: WebhookProcessingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.webhooks.concurrency;
  }

  async process(job: Job<WebhookJobData>): Promise<string> {
    const outcome = await this.processing.process(job.data.deliveryId);
    // Thrown so BullMQ retries with backoff; the delivery's own attempt count caps it (then poison).
    if (outcome.kind === 'retry') throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    return outcome.kind;
  }
}
