import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Inject, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { JsonLogger } from '../logging/json-logger.js';

/**
 * Where a worker reports each job's service time. Declared here and provided by the metrics
 * module, so this base class depends on no feature module.
 */
export abstract class JobTimings {
  abstract jobServed(pool: string, serviceMs: number): void;
}

/**
 * A BullMQ processor that starts with its configured concurrency and drains on shutdown.
 * Subclasses declare `@Processor(name, { autorun: false })`: with autorun the worker would start
 * fetching with concurrency 1 before configuration applies.
 */
export abstract class ConfiguredWorkerHost extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly logger: JsonLogger;
  protected abstract concurrency(): number;
  protected abstract readonly name: string;

  /** Property-injected so subclasses keep their constructors; measures the pool's service time. */
  @Inject(JobTimings)
  protected readonly metrics!: JobTimings;

  /** Runs one job and records its service time for the pool's figures, whatever the outcome. */
  protected async measured<T>(run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.metrics.jobServed(this.worker.name, performance.now() - started);
    }
  }

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
