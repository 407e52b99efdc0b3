import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { strayDaysAlert, type RetentionRound } from '../../database/partitions/time-partitions.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertRules } from './alert-rules.service.js';
import { CountersRepository } from './counters.repository.js';
import { LiveFiguresService, sampleRows } from './live-figures.service.js';
import { SAMPLED } from './metric-names.js';
import { MetricsRecorder } from './metrics-recorder.service.js';
import { SamplesRepository } from './samples.repository.js';
import { QUEUE_NAMES } from '@sendbook/queue';

const DAY_MS = 86_400_000;
export const METRICS_PARTITION_MISSING_ALERT = 'metrics.partition_missing';

/**
 * The worker's minute: read the gauges into metric_samples, report this process's worker slots,
 * then check the thresholds. Several worker processes sampling the same minute write the same
 * readings (the last one wins); each reports its own slots.
 */
@Injectable()
export class MetricsSampler {
  constructor(
    private readonly live: LiveFiguresService,
    private readonly samples: SamplesRepository,
    private readonly counters: CountersRepository,
    private readonly recorder: MetricsRecorder,
    private readonly rules: AlertRules,
    private readonly alerts: AlertsService,
    private readonly logger: JsonLogger,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sample(): Promise<string[]> {
    const now = this.clock.now();
    const rows = sampleRows(await this.live.read(now));
    rows.push(
      { metric: SAMPLED.workerSlots, label: `${QUEUE_NAMES.webhooks}|${this.recorder.instance}`, value: this.config.webhooks.concurrency },
      { metric: SAMPLED.workerSlots, label: `${QUEUE_NAMES.outbound}|${this.recorder.instance}`, value: this.config.outbox.sendConcurrency },
    );
    await this.samples.write(rows, now);
    await this.recorder.flush();
    return this.rules.evaluate(now);
  }

  /**
   * Retention: older minutes of counters are folded into their all-time totals; readings go a day
   * at a time with their partition (made ahead here too; a day left in the default partition is an
   * alert). `samples` is null while the table is not partitioned yet.
   */
  async purge(): Promise<{ counters: number; samples: RetentionRound | null }> {
    const now = this.clock.now();
    const counters = await this.counters.compact(new Date(now.getTime() - this.config.metrics.retentionMs));
    const samples = await this.samples.partitions.maintain(now, this.config.metrics.retentionMs / DAY_MS);
    for (const partition of samples?.dropped ?? []) this.logger.event('info', 'metrics.partition_dropped', { partition });
    const stray = strayDaysAlert({ metric_samples: samples });
    if (stray) await this.alerts.raise({ source: 'metrics', key: METRICS_PARTITION_MISSING_ALERT, ...stray });
    else await this.alerts.resolve(METRICS_PARTITION_MISSING_ALERT);
    return { counters, samples };
  }
}
