import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MetricsSampler } from './metrics-sampler.service.js';

/** Sampling, thresholds and retention in every worker process, on local timers like the outbox's. */
@Injectable()
export class MetricsTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly sampler: MetricsSampler,
    work: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('metrics.sample', () => this.sampler.sample());
    this.tasks.every('metrics.purge', () => this.sampler.purge());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
