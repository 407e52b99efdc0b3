import { percentile } from '../metrics/percentiles.js';

/**
 * The reports' percentiles of response and resolution times: nearest rank, as the queue-health
 * figures use (metrics/percentiles.ts). The p-th percentile of n samples is the sample at rank
 * ⌈p·n/100⌉ (at least 1) of the sorted samples, so it is always a time someone really waited,
 * never an average of two; null without samples. PostgreSQL's `percentile_disc(p/100)` picks the
 * same rank, which is what the reports' SQL uses, so the two agree sample for sample.
 */
export const MEDIAN = 50;
export const P90 = 90;

export const median = (values: readonly number[]): number | null => percentile(values, MEDIAN);
export const p90 = (values: readonly number[]): number | null => percentile(values, P90);
