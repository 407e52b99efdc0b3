import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { JsonLogger } from '../logging/json-logger.js';

/**
 * A BullMQ processor that starts with its configured concurrency and drains on shutdown.
 * Subclasses declare `@Processor(name, { autorun: false })`: with autorun the worker would start
 * fetching with concurrency 1 before configuration applies.
 */
export abstract class ConfiguredWorkerHost extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly logger: JsonLogger;
  protected abstract concurrency(): number;
  protected abstract readonly name: string;

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.concurrency();
    void this.worker.run();
  }

  /** In-flight jobs finish and record their outcome before the database connections close. */
  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.logger.event('info', `${this.name}.worker_draining`, { signal });
    await this.worker.close();
    this.logger.event('info', `${this.name}.worker_drained`, { signal });
  }

  /** Redis trouble (a flush, a restart) surfaces here; PostgreSQL and the sweepers recover from it. */
  @OnWorkerEvent('error')
  onWorkerError(error: Error): void {
    this.logger.event('warn', `${this.name}.worker_error`, { error: error.message });
  }
}
