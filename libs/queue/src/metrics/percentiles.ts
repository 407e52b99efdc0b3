/** Count, p50 and p95 of a set of values (e.g. sent→delivered gaps in ms). */
export interface Distribution {
  readonly count: number;
  readonly p50: number | null;
  readonly p95: number | null;
}

/**
 * Nearest-rank percentile: always a value that was observed, so a figure can be checked against
 * the events that caused it. `p` is in (0, 100]; null for an empty set.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function distribution(values: readonly number[]): Distribution {
  return { count: values.length, p50: percentile(values, 50), p95: percentile(values, 95) };
}
