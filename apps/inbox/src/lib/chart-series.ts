import type { MetricsReport, NumberStatus } from '@sendbook/api-contract';
import { NO_FILTERS, workFiltersSearch } from './work-filters';
import type { WorkKind } from './work-kinds';

/**
 * The health page's charts as plain data, shaped from `GET /v1/metrics`: one time axis per chart,
 * one line per number / field / purpose / state / pool, the unit its axis is labelled with, and
 * the queue a point opens (filtered to that time with before=<ISO>). The chart component only draws.
 */
export type ChartKey = 'latency' | 'duplicates' | 'dedupe' | 'depth' | 'accepted' | 'utilisation' | 'campaign';

/** The queue a point of a line opens, and the filters that match that line. */
export interface PointLink {
  readonly kind: WorkKind;
  readonly number?: string;
  readonly purpose?: string;
}

export interface ChartLine {
  readonly label: string;
  readonly values: readonly (number | null)[];
  /** A limit to compare against (a cap, ρ = 1), drawn dashed. */
  readonly reference?: boolean;
  readonly link: PointLink | null;
}

export interface Chart {
  readonly key: ChartKey;
  readonly title: string;
  /** The y axis's label, with its unit. */
  readonly unit: string;
  /** What the chart shows and how to read it, one sentence. */
  readonly description: string;
  /** Bucket starts, in milliseconds since the epoch. */
  readonly times: readonly number[];
  readonly bucketMs: number;
  readonly lines: readonly ChartLine[];
  /** Whole numbers only (counts): the axis ticks 0, 1, 2, never 0.5. */
  readonly integer: boolean;
  /** A measured 0 (0 ms, ρ 0, an empty queue) is data; a count of 0 events means nothing happened. */
  readonly zeroIsData: boolean;
  /** Limits too far above the data to draw without flattening it, said in words instead. */
  readonly offScale: readonly string[];
}

export interface HealthRange {
  readonly key: '1h' | '6h' | '24h' | '7d';
  readonly label: string;
  readonly ms: number;
  /** The API's bucket for this range: at most a few hundred points. */
  readonly bucket: '1m' | '5m' | '15m' | '1h';
}

export const HEALTH_RANGES: readonly HealthRange[] = [
  { key: '1h', label: '1 h', ms: 3_600_000, bucket: '1m' },
  { key: '6h', label: '6 h', ms: 6 * 3_600_000, bucket: '5m' },
  { key: '24h', label: '24 h', ms: 24 * 3_600_000, bucket: '15m' },
  { key: '7d', label: '7 d', ms: 7 * 24 * 3_600_000, bucket: '1h' },
];

export function healthRange(key: string | null | undefined): HealthRange {
  return HEALTH_RANGES.find((r) => r.key === key) ?? HEALTH_RANGES[0]!;
}

const BUCKET_MS: Record<string, number> = { '1m': 60_000, '5m': 300_000, '15m': 900_000, '1h': 3_600_000, '6h': 21_600_000, '1d': 86_400_000 };

export function bucketMs(bucket: string): number {
  return BUCKET_MS[bucket] ?? 60_000;
}

const times = (points: readonly { at: string }[]) => points.map((p) => Date.parse(p.at));
const keysOf = (points: readonly Record<string, unknown>[]) => [...new Set(points.flatMap((p) => Object.keys(p)))].sort();

/** Every chart of the page, in the order an admin reads them. */
export function healthCharts(report: MetricsReport, numbers: readonly NumberStatus[] = []): Chart[] {
  return [latencyChart(report), depthChart(report), acceptedChart(report, numbers), utilisationChart(report), duplicatesChart(report), dedupeChart(report)];
}

export function latencyChart(report: MetricsReport): Chart {
  const byNumber = Object.entries(report.sent_to_delivered.by_number).sort(([a], [b]) => a.localeCompare(b));
  const axis = byNumber[0]?.[1].series ?? report.sent_to_delivered.series;
  const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
  return {
    key: 'latency',
    integer: false,
    zeroIsData: true,
    offScale: [],
    title: 'Sent → delivered per number',
    unit: 'seconds',
    description: 'How long WhatsApp took from sent to delivered, per business number: the median (p50) and the slowest 5 % (p95).',
    times: times(axis),
    bucketMs: bucketMs(report.bucket),
    lines: byNumber.flatMap(([number, figures]) => [
      { label: `p50 · ${number}`, values: figures.series.map((p) => seconds(p.p50_ms)), link: { kind: 'stuck_sending' as const, number } },
      { label: `p95 · ${number}`, values: figures.series.map((p) => seconds(p.p95_ms)), link: { kind: 'stuck_sending' as const, number } },
    ]),
  };
}

const DEPTH_QUEUE: Record<string, WorkKind | undefined> = { sending: 'stuck_sending', held: 'held', failed: 'failed' };

export function depthChart(report: MetricsReport): Chart {
  const series = report.queue_depth.series;
  const states = keysOf(series.map((p) => p.by_state));
  return {
    key: 'depth',
    integer: true,
    zeroIsData: true,
    offScale: [],
    title: 'Queue depth by state',
    unit: 'messages',
    description: 'Messages waiting in each state at each sample. A growing line means the workers are not keeping up.',
    times: times(series),
    bucketMs: bucketMs(report.bucket),
    lines: states.map((state) => ({
      label: state,
      values: series.map((p) => p.by_state[state] ?? null),
      link: DEPTH_QUEUE[state] ? { kind: DEPTH_QUEUE[state]! } : null,
    })),
  };
}

/** Accepted sends per number per bucket, against what its configured rate allows in a bucket. */
export function acceptedChart(report: MetricsReport, numbers: readonly NumberStatus[] = []): Chart {
  const series = report.sends_accepted.series;
  const step = bucketMs(report.bucket);
  const ids = [...new Set([...keysOf(series.map((p) => p.by_number)), ...Object.keys(report.throughput_by_number)])].sort();
  const lines: ChartLine[] = [];
  const offScale: string[] = [];
  const unit = `sends per ${bucketWords(step)}`;
  for (const number of ids) {
    const status = numbers.find((n) => n.phone_number_id === number);
    const values = series.map((p) => p.by_number[number] ?? 0);
    lines.push({ label: `${number}${numberNote(status)}`, values, link: { kind: 'failed', number } });
    const rate = report.throughput_by_number[number]?.cap_per_second ?? status?.rate_per_second;
    if (rate === undefined) continue;
    const cap = Math.round(rate * (step / 1000));
    // A cap far above the sends would flatten them into the axis: say it instead of drawing it.
    if (cap > CAP_DRAWN_WITHIN * Math.max(1, ...values)) offScale.push(`Cap of ${number}: ${cap.toLocaleString('en')} ${unit}, far above these sends.`);
    else lines.push({ label: `cap · ${number}`, values: series.map(() => cap), reference: true, link: null });
  }
  return {
    key: 'accepted',
    integer: true,
    zeroIsData: false,
    offScale,
    title: 'Accepted sends per number',
    unit,
    description: 'Sends WhatsApp accepted from each business number, against its cap (its configured rate over one bucket, dashed).',
    times: times(series),
    bucketMs: step,
    lines,
  };
}

/** " (tier 1,000 / 24 h, quality GREEN)" for a number's legend, from GET /v1/numbers. */
export function numberNote(status: NumberStatus | undefined): string {
  if (!status) return '';
  const limit = status.messaging_limit.limit;
  const tier = limit === 'unlimited' ? 'tier unlimited' : `tier ${limit.toLocaleString('en')} / 24 h`;
  const quality = status.profile?.quality_rating;
  return ` (${tier}${quality ? `, quality ${quality}` : ''})`;
}

/** How far above the highest send a cap may be and still be drawn. */
const CAP_DRAWN_WITHIN = 4;

const POOL_QUEUE: Record<string, WorkKind | undefined> = { webhooks: 'poison_webhook', outbound: 'stuck_sending' };

export function utilisationChart(report: MetricsReport): Chart {
  const pools = Object.entries(report.pool_series).sort(([a], [b]) => a.localeCompare(b));
  const axis = pools[0]?.[1] ?? [];
  return {
    key: 'utilisation',
    integer: false,
    zeroIsData: true,
    offScale: [],
    title: 'Worker utilisation ρ per pool',
    unit: 'ρ (busy share)',
    description: 'ρ = arrivals × mean service time ÷ workers. Below 1 (dashed) the workers keep up; above it a backlog grows.',
    times: times(axis),
    bucketMs: bucketMs(report.bucket),
    lines: [
      ...pools.map(([pool, points]) => ({
        label: pool,
        values: points.map((p) => p.utilisation),
        link: POOL_QUEUE[pool] ? { kind: POOL_QUEUE[pool]! } : null,
      })),
      ...(pools.length > 0 ? [{ label: 'ρ = 1', values: axis.map(() => 1), reference: true, link: null }] : []),
    ],
  };
}

export function duplicatesChart(report: MetricsReport): Chart {
  const series = report.webhook_duplicates.series;
  const fields = keysOf(series.map((p) => p.by_field));
  return {
    key: 'duplicates',
    integer: true,
    zeroIsData: false,
    offScale: [],
    title: 'Duplicate webhooks per field',
    unit: `events per ${bucketWords(bucketMs(report.bucket))}`,
    description: 'Webhook events Meta delivered again that Sendbook already had, per webhook field. Each was recognised and applied once.',
    times: times(series),
    bucketMs: bucketMs(report.bucket),
    lines: fields.map((field) => ({ label: field, values: series.map((p) => p.by_field[field] ?? 0), link: null })),
  };
}

export function dedupeChart(report: MetricsReport): Chart {
  const series = report.dedupe_rejected.series;
  const purposes = keysOf(series.map((p) => p.by_purpose));
  return {
    key: 'dedupe',
    integer: true,
    zeroIsData: false,
    offScale: [],
    title: 'Dedupe rejections per purpose',
    unit: `writes per ${bucketWords(bucketMs(report.bucket))}`,
    description: 'Enqueue requests refused because their dedupe key was already used: each is a send that did not happen twice.',
    times: times(series),
    bucketMs: bucketMs(report.bucket),
    lines: purposes.map((purpose) => ({ label: purpose, values: series.map((p) => p.by_purpose[purpose] ?? 0), link: null })),
  };
}

/** "minute", "5 min", "hour": one bucket in words, for a unit. */
export function bucketWords(ms: number): string {
  if (ms === 60_000) return 'minute';
  if (ms === 3_600_000) return 'hour';
  if (ms === 86_400_000) return 'day';
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

/** Whether any line (not a reference) has a value: else the chart says there is no data. */
export function hasData(chart: Chart): boolean {
  return chart.lines.some((line) => !line.reference && line.values.some((v) => v !== null && (chart.zeroIsData || v !== 0)));
}

/** The queue a point opens: its line's queue and filters, with what was already waiting at the end of that bucket. */
export function pointHref(link: PointLink, bucketStartMs: number, bucket: number): string {
  const before = new Date(bucketStartMs + bucket).toISOString();
  return `/work/${link.kind}${workFiltersSearch({ ...NO_FILTERS, number: link.number ?? null, purpose: link.purpose ?? null, before })}`;
}

/** The chart as rows for its table alternative: buckets with any value, newest first, at most `limit`. */
export function chartRows(chart: Chart, limit = 60): { at: number; values: (number | null)[] }[] {
  const rows: { at: number; values: (number | null)[] }[] = [];
  for (let i = chart.times.length - 1; i >= 0 && rows.length < limit; i--) {
    const values = chart.lines.filter((l) => !l.reference).map((l) => l.values[i] ?? null);
    if (values.some((v) => v !== null && (chart.zeroIsData || v !== 0))) rows.push({ at: chart.times[i]!, values });
  }
  return rows;
}

/** A value as the table shows it: up to 3 significant decimals, "—" for no sample. */
export function formatValue(value: number | null): string {
  if (value === null) return '—';
  if (Number.isInteger(value)) return value.toLocaleString('en');
  return value.toLocaleString('en', { maximumFractionDigits: value < 10 ? 3 : 1 });
}
