import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertRules } from './alert-rules.service.js';
import { CountersRepository } from './counters.repository.js';
import { LiveFiguresService, sampleRows } from './live-figures.service.js';
import { SAMPLED } from './metric-names.js';
import { MetricsRecorder } from './metrics-recorder.service.js';
import { SamplesRepository } from './samples.repository.js';
import { QUEUE_NAMES } from '@sendbook/queue';

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

  /** Retention: older minutes go (counters folded into their all-time totals first). */
  async purge(): Promise<{ counters: number; samples: number }> {
    const before = new Date(this.clock.now().getTime() - this.config.metrics.retentionMs);
    return { counters: await this.counters.compact(before), samples: await this.samples.purge(before) };
  }
}
