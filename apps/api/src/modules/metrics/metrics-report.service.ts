import { Inject, Injectable } from '@nestjs/common';
import { bucketStarts, distribution, groupByBucket, lastByBucket, bucketStart, poolSeries, type PoolPoint } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { SendingPolicy } from '../policy/sending-policy.service.js';
import { COUNTERS, CountersRepository, type CounterPoint } from './counters.repository.js';
import { DeliveryGapsRepository, type DeliveryGap } from './delivery-gaps.repository.js';
import { LiveFiguresService, sampleRows } from './live-figures.service.js';
import { ACK_BUCKETS_MS, POOLS, RECORDED, SAMPLED, WEBHOOK_COUNTERS, type Pool } from './metric-names.js';
import { PoolFiguresService } from './pool-figures.service.js';
import { PricingFiguresService } from './pricing-figures.service.js';
import { reportRange, type ReportRange } from './report-range.js';
import { SamplesRepository, type SamplePoint } from './samples.repository.js';

const COUNTED = [
  COUNTERS.dedupeRejected,
  WEBHOOK_COUNTERS.duplicateEvent,
  WEBHOOK_COUNTERS.signatureRejected,
  WEBHOOK_COUNTERS.poison,
  RECORDED.sendOutcome,
  RECORDED.sendsAccepted,
  RECORDED.ackLatency,
  RECORDED.ackMs,
  RECORDED.poolJobs,
  RECORDED.poolServiceMs,
];

/** GET /v1/metrics: the current figures and their series over a range, for the dashboard. */
@Injectable()
export class MetricsReportService {
  constructor(
    private readonly live: LiveFiguresService,
    private readonly pools: PoolFiguresService,
    private readonly counters: CountersRepository,
    private readonly samples: SamplesRepository,
    private readonly gaps: DeliveryGapsRepository,
    private readonly alerts: AlertsService,
    private readonly policy: SendingPolicy,
    private readonly pricing: PricingFiguresService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The report for the query's `since` and `bucket` (validated here), up to now. */
  reportFor(since: unknown, bucket: unknown) {
    return this.report(reportRange(since, bucket, this.clock.now(), this.config.metrics.retentionMs));
  }

  private async report(range: ReportRange) {
    const { since, until, bucketMs } = range;
    const [live, counted, sampled, gaps, alertsOpen, pricing] = await Promise.all([
      this.live.read(until),
      this.counters.series(COUNTED, since, until),
      this.samples.series(
        [SAMPLED.stuckSending, SAMPLED.unattributedInbound, SAMPLED.parkedStatuses, SAMPLED.rowsByState, SAMPLED.backlog, SAMPLED.workerSlots],
        since,
        until,
      ),
      this.gaps.gaps(since, until),
      this.alerts.openCount(),
      this.pricing.overRange(since, until),
    ]);
    const pools = Object.fromEntries(
      await Promise.all(POOLS.map(async (pool) => [pool, presentPool(await this.pools.figures(pool, live.queues[pool], until))] as const)),
    );
    const poolHistory = Object.fromEntries(
      await Promise.all(POOLS.map(async (pool) => [pool, (await this.poolHistory(pool, counted, sampled, range)).map(presentPoolPoint)] as const)),
    );
    // This moment's reading is the newest: the current bucket shows it, not a null until the worker's next minute.
    const readings = [...sampled, ...sampleRows(live).map((row) => ({ ...row, at: until.getTime() }))];
    const gauge = (metric: string) =>
      lastByBucket(
        readings.filter((s) => s.metric === metric),
        since,
        until,
        bucketMs,
      ).map((p) => ({ at: iso(p.at), value: p.value }));
    const labeled = (metric: string) =>
      labeledSeries(
        counted.filter((c) => c.metric === metric && c.at >= bucketStart(since, 60_000)),
        range,
      );
    const ack = labeled(RECORDED.ackLatency);
    const ackCount = ack.total;
    const accepted = labeled(RECORDED.sendsAccepted);
    const spanS = Math.max(1, (until.getTime() - since.getTime()) / 1000);

    return {
      generated_at: until.toISOString(),
      since: since.toISOString(),
      until: until.toISOString(),
      bucket: range.bucket,
      stuck_sending: { current: live.stuckSending, older_than_ms: this.config.outbox.stuckAfterMs, series: gauge(SAMPLED.stuckSending) },
      dedupe_rejected: renameLabels(labeled(COUNTERS.dedupeRejected), 'by_purpose'),
      webhook_duplicates: renameLabels(labeled(WEBHOOK_COUNTERS.duplicateEvent), 'by_field'),
      unattributed_inbound: { current: live.unattributedInbound, series: gauge(SAMPLED.unattributedInbound) },
      sent_to_delivered: {
        ...gapFigures(gaps, range),
        by_number: Object.fromEntries(
          [...new Set(gaps.map((g) => g.phoneNumberId))].sort().map((n) => [
            n,
            gapFigures(
              gaps.filter((g) => g.phoneNumberId === n),
              range,
            ),
          ]),
        ),
      },
      pools,
      pool_series: poolHistory,
      queue_depth: { by_state: live.rowsByState, by_number: live.openByNumber, queues: live.queues, series: depthSeries(readings, range) },
      sends_accepted: renameLabels(accepted, 'by_number'),
      send_outcomes: renameLabels(labeled(RECORDED.sendOutcome), 'by_outcome'),
      // Against the number's cap: the configured rate, and what the bucket really runs at (headroom).
      throughput_by_number: Object.fromEntries(
        Object.entries(accepted.by_label).map(([n, sends]) => {
          const rate = this.policy.effectiveRate(n);
          return [n, { sends, per_second: sends / spanS, cap_per_second: rate.configured, bucket_rate_per_second: rate.ratePerSec }];
        }),
      ),
      webhook_ack_latency: {
        count: ackCount,
        mean_ms: ackCount > 0 ? sumOf(counted, RECORDED.ackMs) / ackCount : null,
        buckets: [...ACK_BUCKETS_MS.map(String), '+Inf'].map((le) => ({ le_ms: le, count: ack.by_label[le] ?? 0 })),
      },
      signatures_rejected: renameLabels(labeled(WEBHOOK_COUNTERS.signatureRejected), 'by_reason'),
      poison_deliveries: { current: live.poisonDeliveries, ...renameLabels(labeled(WEBHOOK_COUNTERS.poison), 'by_reason') },
      parked_statuses: { current: live.parkedStatuses, series: gauge(SAMPLED.parkedStatuses) },
      paused_numbers: live.paused,
      alerts_open: alertsOpen,
      pricing,
    };
  }

  /** ρ and its parts per bucket for one pool, from the counters and readings already read. */
  private async poolHistory(pool: Pool, counted: readonly CounterPoint[], sampled: readonly SamplePoint[], range: ReportRange): Promise<PoolPoint[]> {
    const mine = (metric: string) => counted.filter((c) => c.metric === metric && c.label === pool).map((c) => ({ at: c.at, count: c.count }));
    const before = await this.samples.lastAtOrBefore(SAMPLED.backlog, pool, range.since);
    const backlog = sampled.filter((s) => s.metric === SAMPLED.backlog && s.label === pool).map((s) => ({ at: s.at, value: s.value }));
    return poolSeries({
      buckets: bucketStarts(range.since, range.until, range.bucketMs),
      bucketMs: range.bucketMs,
      until: range.until.getTime(),
      jobs: mine(RECORDED.poolJobs),
      serviceMs: mine(RECORDED.poolServiceMs),
      backlog: before === null ? backlog : [{ at: range.since.getTime() - 1, value: before }, ...backlog],
      slots: sampled.filter((s) => s.metric === SAMPLED.workerSlots && s.label.startsWith(`${pool}|`)),
    });
  }
}

/** Outbox rows per state, bucket by bucket: the last reading of each state in each bucket. */
function depthSeries(sampled: readonly SamplePoint[], range: ReportRange) {
  const rows = sampled.filter((s) => s.metric === SAMPLED.rowsByState);
  const states = [...new Set(rows.map((r) => r.label))].sort();
  const perState = states.map(
    (state) =>
      [
        state,
        lastByBucket(
          rows.filter((r) => r.label === state),
          range.since,
          range.until,
          range.bucketMs,
        ),
      ] as const,
  );
  return bucketStarts(range.since, range.until, range.bucketMs).map((at, i) => ({
    at: iso(at),
    by_state: Object.fromEntries(perState.map(([state, points]) => [state, points[i]!.value])),
  }));
}

function gapFigures(gaps: readonly DeliveryGap[], range: ReportRange) {
  const byBucket = groupByBucket(gaps, (g) => g.deliveredAt, range.since, range.until, range.bucketMs);
  return {
    overall: presentDistribution(distribution(gaps.map((g) => g.gapMs))),
    series: [...byBucket].map(([at, items]) => ({ at: iso(at), ...presentDistribution(distribution(items.map((g) => g.gapMs))) })),
  };
}

function labeledSeries(points: readonly CounterPoint[], range: ReportRange) {
  const byLabel: Record<string, number> = {};
  const buckets = new Map(bucketStarts(range.since, range.until, range.bucketMs).map((t) => [t, { total: 0, by_label: {} as Record<string, number> }]));
  for (const p of points) {
    byLabel[p.label] = (byLabel[p.label] ?? 0) + p.count;
    const b = buckets.get(bucketStart(p.at, range.bucketMs));
    if (!b) continue;
    b.total += p.count;
    b.by_label[p.label] = (b.by_label[p.label] ?? 0) + p.count;
  }
  return {
    total: Object.values(byLabel).reduce((a, b) => a + b, 0),
    by_label: byLabel,
    series: [...buckets].map(([at, b]) => ({ at: iso(at), total: b.total, by_label: b.by_label })),
  };
}

/** `by_label` under the name that says what the label is (by_purpose, by_field…). */
function renameLabels(s: ReturnType<typeof labeledSeries>, name: string) {
  return { total: s.total, [name]: s.by_label, series: s.series.map((p) => ({ at: p.at, total: p.total, [name]: p.by_label })) };
}

function sumOf(points: readonly CounterPoint[], metric: string): number {
  return points.filter((p) => p.metric === metric).reduce((n, p) => n + p.count, 0);
}

function presentDistribution(d: { count: number; p50: number | null; p95: number | null }) {
  return { count: d.count, p50_ms: d.p50, p95_ms: d.p95 };
}

function presentPool(p: Awaited<ReturnType<PoolFiguresService['figures']>>) {
  return {
    window_ms: p.windowMs,
    served: p.served,
    arrival_rate_per_s: p.arrivalRatePerS,
    mean_service_ms: p.meanServiceMs,
    workers: p.workers,
    utilisation: p.utilisation,
    backlog: p.backlog,
    mean_wait_ms: p.meanWaitMs,
  };
}

function presentPoolPoint(p: PoolPoint) {
  return {
    at: iso(p.at),
    utilisation: p.utilisation,
    arrival_rate_per_s: p.arrivalRatePerS,
    mean_service_ms: p.meanServiceMs,
    workers: p.workers,
    backlog: p.backlog,
    served: p.served,
  };
}

function iso(t: number): string {
  return new Date(t).toISOString();
}
