import type { MetricsReport } from '@sendbook/api-contract';
import { durationWords, latencyWords } from './time';

/**
 * The five queue-health figures (docs/OPERATIONS.md, "Queue health") as tiles: what each is, its value now or
 * over the report's span, whether it needs someone, and its series for a sparkline.
 */
export interface HealthTile {
  readonly key: 'stuck_sending' | 'dedupe_rejected' | 'webhook_duplicates' | 'unattributed_inbound' | 'sent_to_delivered';
  readonly label: string;
  readonly value: string;
  readonly detail: string;
  readonly tone: 'success' | 'warning' | 'danger' | 'neutral';
  /** One point per bucket; null where there was no sample. */
  readonly series: readonly (number | null)[];
  /** The work queue that holds these items, when there is one. */
  readonly href: string | null;
}

const count = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function healthTiles(report: MetricsReport): HealthTile[] {
  const span = spanWords(Date.parse(report.until) - Date.parse(report.since));
  const stuck = report.stuck_sending.current;
  const unattributed = report.unattributed_inbound.current;
  const dedupe = report.dedupe_rejected.total;
  const duplicates = report.webhook_duplicates.total;
  const delivery = report.sent_to_delivered.overall;
  return [
    {
      key: 'stuck_sending',
      label: 'Stuck sending',
      value: count(stuck),
      detail:
        stuck === 0
          ? `Nothing has been sending longer than ${latencyWords(report.stuck_sending.older_than_ms)}.`
          : `${plural(stuck, 'Message', 'Messages')} sending for over ${latencyWords(report.stuck_sending.older_than_ms)}; each may be a duplicate on a phone.`,
      tone: stuck > 0 ? 'danger' : 'success',
      series: report.stuck_sending.series.map((p) => p.value),
      href: '/work/stuck_sending',
    },
    {
      key: 'unattributed_inbound',
      label: 'Unattributed replies',
      value: count(unattributed),
      detail:
        unattributed === 0
          ? 'Every customer message is tied to its conversation.'
          : `Customer ${plural(unattributed, 'message', 'messages')} not tied to a message or conversation.`,
      tone: unattributed > 0 ? 'warning' : 'success',
      series: report.unattributed_inbound.series.map((p) => p.value),
      href: '/work/unattributed_inbound',
    },
    {
      key: 'sent_to_delivered',
      label: 'Sent → delivered',
      value: delivery.p95_ms === null ? '—' : latencyWords(delivery.p95_ms),
      detail:
        delivery.count === 0
          ? `No deliveries in the last ${span}.`
          : `p95 over ${count(delivery.count)} ${plural(delivery.count, 'delivery', 'deliveries')}; median ${latencyWords(delivery.p50_ms)}.`,
      tone: 'neutral',
      series: report.sent_to_delivered.series.map((p) => p.p95_ms),
      href: null,
    },
    {
      key: 'dedupe_rejected',
      label: 'Duplicate sends refused',
      value: count(dedupe),
      detail: dedupe === 0 ? `None in the last ${span}.` : `In the last ${span}${topLabel(report.dedupe_rejected.by_purpose, 'most for')}.`,
      tone: 'neutral',
      series: report.dedupe_rejected.series.map((p) => p.total),
      href: null,
    },
    {
      key: 'webhook_duplicates',
      label: 'Duplicate webhook events',
      value: count(duplicates),
      detail:
        duplicates === 0
          ? `Meta sent nothing twice in the last ${span}.`
          : `Sent twice by Meta in the last ${span}${topLabel(report.webhook_duplicates.by_field, 'most in')}.`,
      tone: 'neutral',
      series: report.webhook_duplicates.series.map((p) => p.total),
      href: null,
    },
  ];
}

/** "hour", "day", "6 h": what follows "in the last". */
function spanWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 60) return 'hour';
  if (minutes === 24 * 60) return 'day';
  return durationWords(minutes * 60_000);
}

function topLabel(byLabel: Readonly<Record<string, number>>, words: string): string {
  const top = Object.entries(byLabel).sort((a, b) => b[1] - a[1])[0];
  return top ? `, ${words} ${top[0]}` : '';
}

/** An SVG path for a sparkline through `values` in a `width` × `height` box; gaps (null) break the line. */
export function sparklinePath(values: readonly (number | null)[], width: number, height: number): string {
  const known = values.filter((v): v is number => v !== null);
  if (values.length === 0 || known.length === 0) return '';
  const max = Math.max(...known);
  const min = Math.min(0, ...known);
  const range = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  let path = '';
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const x = round(i * step);
    const y = round(height - ((value - min) / range) * height);
    path += `${drawing ? 'L' : 'M'}${x} ${y}`;
    drawing = true;
  });
  return path;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Which way a tile's figure went over the range, in words: "Up from 0", "Down from 12", "Steady". */
export function trendWords(series: readonly (number | null)[], shown: (n: number) => string = count): { direction: 'up' | 'down' | 'flat'; words: string } {
  const known = series.filter((v): v is number => v !== null);
  if (known.length < 2) return { direction: 'flat', words: 'Not enough samples for a trend' };
  const first = known[0]!;
  const last = known[known.length - 1]!;
  if (last > first) return { direction: 'up', words: `Up from ${shown(first)}` };
  if (last < first) return { direction: 'down', words: `Down from ${shown(first)}` };
  return { direction: 'flat', words: 'Steady' };
}

/** "Oldest waiting 3 min": how long the oldest open item of a queue has waited. */
export function oldestWords(ageSeconds: number | null | undefined): string | null {
  if (ageSeconds === null || ageSeconds === undefined) return null;
  return `Oldest waiting ${durationWords(ageSeconds * 1000)}`;
}
