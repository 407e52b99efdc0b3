import { Inject, Injectable } from '@nestjs/common';
import { distribution, p95Above, rateAboveUsual, sustainedAbove } from '@sendbook/queue';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { CountersRepository } from './counters.repository.js';
import { DeliveryGapsRepository } from './delivery-gaps.repository.js';
import { SAMPLED, WEBHOOK_COUNTERS } from './metric-names.js';
import { SamplesRepository } from './samples.repository.js';

export const ALERT_KEYS = {
  stuckSending: 'metrics.stuck_sending',
  duplicateRate: 'metrics.webhook_duplicate_rate',
  deliveryP95: 'metrics.sent_delivered_p95',
} as const;

/** The configured thresholds that turn a figure into an alert work item. */
@Injectable()
export class AlertRules {
  constructor(
    private readonly samples: SamplesRepository,
    private readonly counters: CountersRepository,
    private readonly gaps: DeliveryGapsRepository,
    private readonly alerts: AlertsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Raises what is breached now; returns the keys raised. Open alerts stay until a person resolves them. */
  async evaluate(now: Date): Promise<string[]> {
    const raised: string[] = [];
    const rules = this.config.metrics.alerts;
    const t = now.getTime();

    // Stuck rows > 0 for ALERT_STUCK_SENDING_FOR_MS (readings from the sampler).
    const lookback = rules.stuckForMs + 2 * this.config.metrics.sampleIntervalMs;
    const readings = await this.samples.series([SAMPLED.stuckSending], new Date(t - lookback), now);
    if (sustainedAbove(readings, 0, rules.stuckForMs, t)) {
      const current = readings.at(-1)?.value ?? 0;
      await this.alerts.raise({
        source: 'metrics',
        key: ALERT_KEYS.stuckSending,
        title: `${current} message(s) stuck in sending for over ${Math.round(rules.stuckForMs / 60_000)} min`,
        details: { stuck_sending: current, for_ms: rules.stuckForMs, older_than_ms: this.config.outbox.stuckAfterMs },
      });
      raised.push(ALERT_KEYS.stuckSending);
    }

    // Meta's duplicate rate over the recent window against its usual level before it.
    const recentFrom = new Date(t - rules.duplicateWindowMs);
    const baselineFrom = new Date(recentFrom.getTime() - rules.duplicateBaselineMs);
    const points = await this.counters.series([WEBHOOK_COUNTERS.duplicateEvent, WEBHOOK_COUNTERS.eventApplied], baselineFrom, now);
    const window = (from: number, to: number) => {
      const inSpan = points.filter((p) => p.at >= from && p.at < to);
      const hits = inSpan.filter((p) => p.metric === WEBHOOK_COUNTERS.duplicateEvent).reduce((n, p) => n + p.count, 0);
      return { hits, total: inSpan.reduce((n, p) => n + p.count, 0) };
    };
    const verdict = rateAboveUsual(window(recentFrom.getTime(), t + 1), window(baselineFrom.getTime(), recentFrom.getTime()), {
      factor: rules.duplicateFactor,
      floor: rules.duplicateFloor,
      minTotal: rules.duplicateMinEvents,
    });
    if (verdict.breached) {
      await this.alerts.raise({
        source: 'metrics',
        key: ALERT_KEYS.duplicateRate,
        title: `Webhook duplicate rate ${(verdict.recentRate! * 100).toFixed(1)}% is above its usual level (limit ${(verdict.limit * 100).toFixed(1)}%)`,
        details: { recent_rate: verdict.recentRate, usual_rate: verdict.usualRate, limit: verdict.limit, window_ms: rules.duplicateWindowMs },
      });
      raised.push(ALERT_KEYS.duplicateRate);
    }

    // Sent→delivered p95 over the recent window above its bound.
    const dist = distribution((await this.gaps.gaps(new Date(t - rules.deliveryWindowMs), now)).map((g) => g.gapMs));
    if (p95Above(dist, rules.deliveryP95MaxMs, rules.deliveryMinSamples)) {
      await this.alerts.raise({
        source: 'metrics',
        key: ALERT_KEYS.deliveryP95,
        title: `Sent→delivered p95 is ${Math.round(dist.p95! / 1000)} s (bound ${Math.round(rules.deliveryP95MaxMs / 1000)} s): trouble on the recipients' side`,
        details: { p50_ms: dist.p50, p95_ms: dist.p95, samples: dist.count, bound_ms: rules.deliveryP95MaxMs, window_ms: rules.deliveryWindowMs },
      });
      raised.push(ALERT_KEYS.deliveryP95);
    }
    return raised;
  }
}
