/** Time buckets for series: figures are stored per minute and re-bucketed when read. */
export const MINUTE_MS = 60_000;

/** Bucket sizes a dashboard may ask for, by the name used in `?bucket=`. */
export const BUCKET_SIZES: Readonly<Record<string, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '6h': 6 * 60 * MINUTE_MS,
  '1d': 24 * 60 * MINUTE_MS,
};

/** Start of the bucket holding `at`, aligned to the Unix epoch (so minutes, hours and UTC days line up). */
export function bucketStart(at: Date | number, bucketMs: number): number {
  const t = typeof at === 'number' ? at : at.getTime();
  return Math.floor(t / bucketMs) * bucketMs;
}

/** Every bucket start from the one holding `since` to the one holding `until`, so empty buckets show as zero. */
export function bucketStarts(since: Date, until: Date, bucketMs: number): number[] {
  const starts: number[] = [];
  for (let t = bucketStart(since, bucketMs); t <= until.getTime(); t += bucketMs) starts.push(t);
  return starts;
}

export interface TimedValue {
  readonly at: number;
  readonly value: number;
}

/** The last sampled value in each bucket (a gauge's reading), null where nothing was sampled. */
export function lastByBucket(points: readonly TimedValue[], since: Date, until: Date, bucketMs: number): { at: number; value: number | null }[] {
  const last = new Map<number, { at: number; value: number } | null>(bucketStarts(since, until, bucketMs).map((t) => [t, null]));
  for (const p of points) {
    const t = bucketStart(p.at, bucketMs);
    if (!last.has(t)) continue;
    const seen = last.get(t);
    if (!seen || p.at >= seen.at) last.set(t, p);
  }
  return [...last].map(([at, p]) => ({ at, value: p ? p.value : null }));
}

/** Groups values by the bucket of their time, e.g. gaps by the minute they were delivered in. */
export function groupByBucket<T>(items: readonly T[], timeOf: (item: T) => number, since: Date, until: Date, bucketMs: number): Map<number, T[]> {
  const groups = new Map<number, T[]>(bucketStarts(since, until, bucketMs).map((t) => [t, []]));
  for (const item of items) groups.get(bucketStart(timeOf(item), bucketMs))?.push(item);
  return groups;
}
