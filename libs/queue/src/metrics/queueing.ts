/**
 * One worker pool over a window, from measured figures: jobs served and their summed service
 * time (recorded by the workers), backlog readings (sampled from the queue) and worker slots
 * (concurrency of each process that reported in the window).
 */
export interface PoolMeasurements {
  readonly windowMs: number;
  /** Job runs finished in the window. */
  readonly served: number;
  /** Their summed service time. */
  readonly serviceMsTotal: number;
  /** Jobs waiting for a worker at the start and at the end of the window. */
  readonly backlogStart: number;
  readonly backlogEnd: number;
  /** Mean of the backlog readings taken in the window. */
  readonly backlogMean: number;
  /** Configured concurrency summed over the worker processes that reported in the window. */
  readonly workers: number;
}

export interface PoolFigures {
  /** λ, jobs per second. */
  readonly arrivalRatePerS: number;
  /** S, mean service time of one job. */
  readonly meanServiceMs: number | null;
  /** c. */
  readonly workers: number;
  /** ρ = λ·S/c; null when there are no workers or nothing was served. */
  readonly utilisation: number | null;
  readonly backlog: number;
  /** Mean wait for a worker by Little's law, W = L / λ; null when nothing arrived. */
  readonly meanWaitMs: number | null;
  readonly served: number;
}

/**
 * Arrivals are not guessed from throughput: every job that arrived was either served or is still
 * waiting, so arrivals = served + (backlog at end − backlog at start).
 */
export function arrivals(m: Pick<PoolMeasurements, 'served' | 'backlogStart' | 'backlogEnd'>): number {
  return Math.max(0, m.served + m.backlogEnd - m.backlogStart);
}

export function utilisation(arrivalRatePerS: number, meanServiceMs: number, workers: number): number | null {
  if (workers <= 0) return null;
  return (arrivalRatePerS * (meanServiceMs / 1000)) / workers;
}

export function poolFigures(m: PoolMeasurements): PoolFigures {
  if (m.windowMs <= 0) throw new RangeError('windowMs must be positive');
  const lambda = arrivals(m) / (m.windowMs / 1000);
  const meanServiceMs = m.served > 0 ? m.serviceMsTotal / m.served : null;
  return {
    arrivalRatePerS: lambda,
    meanServiceMs,
    workers: m.workers,
    utilisation: meanServiceMs === null ? null : utilisation(lambda, meanServiceMs, m.workers),
    backlog: m.backlogEnd,
    meanWaitMs: lambda > 0 ? (m.backlogMean / lambda) * 1000 : null,
    served: m.served,
  };
}

export interface TimedCount {
  readonly at: number;
  readonly count: number;
}

export interface LabeledReading {
  readonly at: number;
  /** The worker process that reported. */
  readonly label: string;
  readonly value: number;
}

/** What one pool recorded over a report's range, for its figures bucket by bucket. */
export interface PoolHistory {
  readonly buckets: readonly number[];
  readonly bucketMs: number;
  /** The end of the range: the last bucket is only as long as the time that has passed in it. */
  readonly until: number;
  /** Per-minute counters: job runs finished, and their summed service time. */
  readonly jobs: readonly TimedCount[];
  readonly serviceMs: readonly TimedCount[];
  /** Backlog readings, including the last one before the range (the first bucket's start). */
  readonly backlog: readonly { readonly at: number; readonly value: number }[];
  /** Worker slots each process reported. */
  readonly slots: readonly LabeledReading[];
}

/** A pool's figures in one bucket of a chart. */
export interface PoolPoint extends PoolFigures {
  readonly at: number;
}

/**
 * λ, S, c and ρ per bucket, each bucket measured like the live window: arrivals from what was
 * served and how the backlog moved, c from the processes that reported in it. A bucket no worker
 * reported in has ρ null (nothing to divide by); one with workers and no arrivals has ρ 0.
 */
export function poolSeries(h: PoolHistory): PoolPoint[] {
  const MINUTE = 60_000;
  const inBucket = <T extends { at: number }>(items: readonly T[], start: number) => items.filter((i) => i.at >= start && i.at < start + h.bucketMs);
  const sum = (items: readonly TimedCount[]) => items.reduce((n, i) => n + i.count, 0);
  const byTime = [...h.backlog].sort((a, b) => a.at - b.at);
  return h.buckets.map((start) => {
    const readings = inBucket(byTime, start).map((r) => r.value);
    const before = byTime.filter((r) => r.at < start).at(-1)?.value;
    const backlogStart = before ?? readings[0] ?? 0;
    const backlogEnd = readings.at(-1) ?? backlogStart;
    const perProcess = new Map<string, number>();
    for (const s of inBucket(h.slots, start)) perProcess.set(s.label, Math.max(perProcess.get(s.label) ?? 0, s.value));
    const figures = poolFigures({
      windowMs: Math.max(MINUTE, Math.min(h.bucketMs, h.until - start)),
      served: sum(inBucket(h.jobs, start)),
      serviceMsTotal: sum(inBucket(h.serviceMs, start)),
      backlogStart,
      backlogEnd,
      backlogMean: readings.length > 0 ? readings.reduce((a, b) => a + b, 0) / readings.length : backlogEnd,
      workers: [...perProcess.values()].reduce((a, b) => a + b, 0),
    });
    // Workers there and nothing arrived: idle is ρ = 0 on a chart, not a gap.
    const idle = figures.workers > 0 && figures.arrivalRatePerS === 0;
    return { at: start, ...figures, utilisation: figures.utilisation ?? (idle ? 0 : null) };
  });
}
