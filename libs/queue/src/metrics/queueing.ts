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
