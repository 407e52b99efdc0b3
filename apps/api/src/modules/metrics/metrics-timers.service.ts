import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { PeriodicTasks } from '../../common/periodic-tasks.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MetricsSampler } from './metrics-sampler.service.js';

/** Sampling, thresholds and retention in every worker process, on local timers like the outbox's. */
@Injectable()
export class MetricsTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: PeriodicTasks;

  constructor(
    private readonly sampler: MetricsSampler,
    logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = new PeriodicTasks(logger);
  }

  onApplicationBootstrap(): void {
    this.tasks.every('metrics.sample', this.config.metrics.sampleIntervalMs, () => this.sampler.sample());
    this.tasks.every('metrics.purge', this.config.metrics.purgeIntervalMs, () => this.sampler.purge());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
