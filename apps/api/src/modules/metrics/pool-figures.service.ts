import { Inject, Injectable } from '@nestjs/common';
import { bucketStart, MINUTE_MS, poolFigures, type PoolFigures } from '@sendbook/queue';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { CountersRepository } from './counters.repository.js';
import type { QueueCounts } from './live-figures.service.js';
import { RECORDED, SAMPLED, type Pool } from './metric-names.js';
import { SamplesRepository } from './samples.repository.js';

/**
 * λ, S, c, ρ, backlog and wait per worker pool over the last METRICS_WINDOW_MS, from what the
 * workers recorded (jobs, service ms), the backlog readings and the worker slots that reported.
 */
@Injectable()
export class PoolFiguresService {
  constructor(
    private readonly counters: CountersRepository,
    private readonly samples: SamplesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async figures(pool: Pool, live: QueueCounts, now: Date): Promise<PoolFigures & { windowMs: number }> {
    // Counters are per minute: the window starts on a minute boundary and spans to now.
    const start = new Date(bucketStart(now.getTime() - this.config.metrics.windowMs, MINUTE_MS));
    const windowMs = Math.max(MINUTE_MS, now.getTime() - start.getTime());
    const [counts, readings, slots, backlogBefore] = await Promise.all([
      this.counters.series([RECORDED.poolJobs, RECORDED.poolServiceMs], start, now),
      this.samples.series([SAMPLED.backlog], start, now, pool),
      this.samples.series([SAMPLED.workerSlots], start, now, `${pool}|`),
      this.samples.lastAtOrBefore(SAMPLED.backlog, pool, start),
    ]);
    const sum = (metric: string) => counts.filter((c) => c.metric === metric && c.label === pool).reduce((n, c) => n + c.count, 0);
    const backlogReadings = [...readings.filter((r) => r.label === pool).map((r) => r.value), live.backlog];
    const perProcess = new Map<string, number>();
    for (const s of slots) perProcess.set(s.label, Math.max(perProcess.get(s.label) ?? 0, s.value));
    const figures = poolFigures({
      windowMs,
      served: sum(RECORDED.poolJobs),
      serviceMsTotal: sum(RECORDED.poolServiceMs),
      backlogStart: backlogBefore ?? backlogReadings[0]!,
      backlogEnd: live.backlog,
      backlogMean: backlogReadings.reduce((a, b) => a + b, 0) / backlogReadings.length,
      workers: [...perProcess.values()].reduce((a, b) => a + b, 0),
    });
    return { ...figures, windowMs };
  }
}
