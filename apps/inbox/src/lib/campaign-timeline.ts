import type { Chart } from './chart-series';
import { bucketWords } from './chart-series';

export interface TimelinePoint {
  at: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

const MINUTE = 60_000;
/** Points drawn at most: a longer campaign is drawn in wider buckets. */
const MAX_POINTS = 360;
/** Drawn at least: a campaign of one busy minute still has a time axis around it. */
const MIN_MINUTES = 10;

/**
 * A campaign's sends, deliveries, reads and failures over time, as the health page's chart draws
 * them: the API answers only the minutes in which something happened, so the minutes between (up
 * to now, while it runs) are filled with zeros, in buckets wide enough to stay under MAX_POINTS.
 */
export function campaignTimelineChart(points: readonly TimelinePoint[], nowMs: number, running: boolean): Chart {
  const sorted = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const lastPoint = sorted.at(-1) ? Date.parse(sorted.at(-1)!.at) : null;
  const end = lastPoint === null ? null : Math.floor(Math.max(lastPoint, running ? nowMs : lastPoint) / MINUTE) * MINUTE;
  const first = sorted[0] && end !== null ? Math.min(Math.floor(Date.parse(sorted[0].at) / MINUTE) * MINUTE, end - (MIN_MINUTES - 1) * MINUTE) : null;
  const minutes = first === null || end === null ? 0 : (end - first) / MINUTE + 1;
  const bucketMs = Math.max(1, Math.ceil(minutes / MAX_POINTS)) * MINUTE;
  const times: number[] = [];
  if (first !== null && end !== null) for (let t = first; t <= end; t += bucketMs) times.push(t);
  const keys = ['sent', 'delivered', 'read', 'failed'] as const;
  const sums = keys.map(() => times.map(() => 0));
  for (const p of sorted) {
    const i = Math.floor((Date.parse(p.at) - first!) / bucketMs);
    if (i < 0 || i >= times.length) continue;
    keys.forEach((k, j) => (sums[j]![i]! += p[k]));
  }
  return {
    key: 'campaign',
    title: 'Over time',
    unit: `messages per ${bucketWords(bucketMs)}`,
    description: `Messages Meta reported sent, delivered, read or failed in each ${bucketWords(bucketMs)}.`,
    times,
    bucketMs,
    lines: [
      { label: 'Sent', values: sums[0]!, link: null },
      { label: 'Delivered', values: sums[1]!, link: null },
      { label: 'Read', values: sums[2]!, link: null },
      { label: 'Failed', values: sums[3]!, link: null },
    ],
    integer: true,
    zeroIsData: false,
    offScale: [],
  };
}
