import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { PeriodicTasks } from '../../common/periodic-tasks.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OutboxSweeper } from './outbox-sweeper.service.js';

const PURGE_EVERY_MS = 3_600_000;

/**
 * Runs the sweep and the retention purge in every worker process. Local timers rather than a
 * schedule kept in Redis: a Redis flush must not take away the very sweep that recovers from it.
 * Concurrent sweeps from several processes are harmless (job id = row id).
 */
@Injectable()
export class OutboxTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: PeriodicTasks;

  constructor(
    private readonly sweeper: OutboxSweeper,
    logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = new PeriodicTasks(logger);
  }

  onApplicationBootstrap(): void {
    this.tasks.every('outbox.sweep', this.config.outbox.sweepIntervalMs, () => this.sweeper.sweep());
    this.tasks.every('outbox.purge', PURGE_EVERY_MS, () => this.sweeper.purge());
    void this.tasks.runOnce('outbox.sweep', () => this.sweeper.sweep());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
