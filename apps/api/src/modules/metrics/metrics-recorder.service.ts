import { hostname } from 'node:os';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Histogram, Registry } from 'prom-client';
import { Clock } from '../../common/clock.js';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import type { JobTimings } from '../../common/queue/configured-worker-host.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { CountersRepository, type CounterRow } from './counters.repository.js';
import { ACK_BUCKETS_MS, RECORDED } from './metric-names.js';

/**
 * Counts that happen on hot paths (every job, every webhook ack) are summed in memory per metric,
 * label and minute and written to metric_counters every METRICS_FLUSH_INTERVAL_MS in one
 * statement, so measuring costs no database round trip per event.
 */
@Injectable()
export class MetricsRecorder implements JobTimings, OnApplicationBootstrap, BeforeApplicationShutdown {
  /** This process, for the worker slots it reports. */
  readonly instance = `${hostname()}:${process.pid}`;
  /** Per-process figures Prometheus scrapes from this instance (the ack histogram). */
  readonly processRegistry = new Registry();
  private readonly ackHistogram = new Histogram({
    name: 'sendbook_webhook_ack_seconds',
    help: 'Time from receiving a webhook POST to answering it, in this API process',
    buckets: ACK_BUCKETS_MS.map((ms) => ms / 1000),
    registers: [this.processRegistry],
  });
  private pending = new Map<string, { metric: string; label: string; minute: number; count: number }>();
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly counters: CountersRepository,
    private readonly clock: Clock,
    work: BackgroundWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('metrics.flush', () => this.flush());
  }

  /** Workers drain before this (their own hook), so their last counts are written too. */
  async beforeApplicationShutdown(): Promise<void> {
    this.tasks.stopAll();
    await this.flush().catch(() => undefined);
  }

  count(metric: string, label: string, by = 1): void {
    const minute = Math.floor(this.clock.now().getTime() / 60_000) * 60_000;
    const key = `${metric}\u0000${label}\u0000${minute}`;
    const entry = this.pending.get(key);
    if (entry) entry.count += by;
    else this.pending.set(key, { metric, label, minute, count: by });
  }

  /** One finished job run of a worker pool. */
  jobServed(pool: string, serviceMs: number): void {
    this.count(RECORDED.poolJobs, pool);
    this.count(RECORDED.poolServiceMs, pool, Math.round(serviceMs));
  }

  webhookAcked(latencyMs: number): void {
    this.ackHistogram.observe(latencyMs / 1000);
    const bound = ACK_BUCKETS_MS.find((le) => latencyMs <= le);
    this.count(RECORDED.ackLatency, bound === undefined ? '+Inf' : String(bound));
    this.count(RECORDED.ackMs, '', Math.round(latencyMs));
  }

  /** Writes what was counted so far; on failure the counts are kept for the next flush. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows: CounterRow[] = [...batch.values()].map((e) => ({ metric: e.metric, label: e.label, at: new Date(e.minute), count: e.count }));
    try {
      await this.counters.incrementMany(rows);
    } catch (error) {
      for (const [key, e] of batch) {
        const later = this.pending.get(key);
        if (later) later.count += e.count;
        else this.pending.set(key, e);
      }
      throw error;
    }
  }
}
