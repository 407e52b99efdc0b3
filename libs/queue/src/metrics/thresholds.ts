import type { Distribution } from './percentiles.js';

/** A reading of a gauge at a time (ms since the epoch). */
export interface Reading {
  readonly at: number;
  readonly value: number;
}

/**
 * True when the gauge has stayed above `threshold` for at least `forMs`: the last reading taken at
 * or before `now - forMs` and every reading since are above it. Without a reading that old the
 * condition cannot have lasted long enough yet.
 */
export function sustainedAbove(readings: readonly Reading[], threshold: number, forMs: number, now: number): boolean {
  const sorted = readings.filter((r) => r.at <= now).sort((a, b) => a.at - b.at);
  let anchor = -1;
  for (let i = 0; i < sorted.length; i++) if (sorted[i]!.at <= now - forMs) anchor = i;
  if (anchor < 0) return false;
  return sorted.slice(anchor).every((r) => r.value > threshold);
}

export interface RateWindow {
  /** Events of interest (e.g. duplicates) and all events in the window. */
  readonly hits: number;
  readonly total: number;
}

export interface RateRule {
  /** The recent rate must exceed the usual rate times this… */
  readonly factor: number;
  /** …and this floor, which stands in for "usual" while there is no history. */
  readonly floor: number;
  /** Too few events say nothing about a rate. */
  readonly minTotal: number;
}

export interface RateVerdict {
  readonly breached: boolean;
  readonly recentRate: number | null;
  readonly usualRate: number | null;
  readonly limit: number;
}

/** "Above its usual level": the recent rate against the rate over a longer, earlier baseline. */
export function rateAboveUsual(recent: RateWindow, baseline: RateWindow, rule: RateRule): RateVerdict {
  const recentRate = recent.total > 0 ? recent.hits / recent.total : null;
  const usualRate = baseline.total >= rule.minTotal ? baseline.hits / baseline.total : null;
  const limit = Math.max(rule.floor, (usualRate ?? 0) * rule.factor);
  const breached = recent.total >= rule.minTotal && recentRate !== null && recentRate > limit;
  return { breached, recentRate, usualRate, limit };
}

/** p95 above a bound, once there are enough samples to mean anything. */
export function p95Above(dist: Distribution, boundMs: number, minSamples: number): boolean {
  return dist.count >= minSamples && dist.p95 !== null && dist.p95 > boundMs;
}
