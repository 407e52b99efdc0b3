import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OutboxSweeper } from './outbox-sweeper.service.js';
import { OutboxService } from './outbox.service.js';

/**
 * Runs the sweep, the expiry of rows past their `expires_at` and the retention purge in every worker process. Local timers rather than a
 * schedule kept in Redis: a Redis flush must not take away the very sweep that recovers from it.
 * Concurrent sweeps from several processes are harmless (job id = row id).
 */
@Injectable()
export class OutboxTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly sweeper: OutboxSweeper,
    private readonly outbox: OutboxService,
    work: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('outbox.sweep', () => this.sweeper.sweep());
    this.tasks.every('outbox.purge', () => this.sweeper.purge());
    this.tasks.every('outbox.expire', () => this.outbox.expireDue());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }
}
