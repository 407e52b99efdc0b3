import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
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
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();

  constructor(
    private readonly sweeper: OutboxSweeper,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.every('outbox.sweep', this.config.outbox.sweepIntervalMs, () => this.sweeper.sweep());
    this.every('outbox.purge', PURGE_EVERY_MS, () => this.sweeper.purge());
    void this.once('outbox.sweep', () => this.sweeper.sweep());
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private every(name: string, ms: number, task: () => Promise<unknown>): void {
    const timer = setInterval(() => void this.once(name, task), ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** One run of a task at a time per process; a failure is logged and the next tick tries again. */
  private async once(name: string, task: () => Promise<unknown>): Promise<void> {
    if (this.running.has(name)) return;
    this.running.add(name);
    try {
      await task();
    } catch (error) {
      this.logger.event('warn', `${name}.failed`, { error });
    } finally {
      this.running.delete(name);
    }
  }
}
