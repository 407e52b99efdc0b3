import type { BucketRate } from './token-bucket.js';

/**
 * Meta's default per-number throughput: 80 msg/s (1,000 once upgraded); burst 1 keeps every
 * second at ≤ 80. https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput
 */
export const DEFAULT_THROUGHPUT: Readonly<BucketRate> = { ratePerSec: 80, burst: 1 };
/** Numbers also on the WhatsApp Business app (coexistence) are fixed at 20 msg/s. */
export const COEXISTENCE_THROUGHPUT: Readonly<BucketRate> = { ratePerSec: 20, burst: 1 };

/** A number's bucket running at `factor` of its configured rate until `until` (after 130429). */
export interface ThroughputSlowdown {
  factor: number;
  until: Date;
}

export interface SlowDownOptions {
  /** Multiplier per 130429 (0.5 halves). */
  factor: number;
  forMs: number;
  /** Never slower than this fraction of the configured rate. */
  minFactor: number;
}

export const DEFAULT_SLOW_DOWN: Readonly<SlowDownOptions> = { factor: 0.5, forMs: 60_000, minFactor: 1 / 16 };

/**
 * A further 130429: compounds an active slowdown (0.5 → 0.25 …, never under `minFactor`) and
 * extends it; an expired or absent one starts afresh.
 */
export function slowDown(previous: ThroughputSlowdown | null, now: Date, options: Partial<SlowDownOptions> = {}): ThroughputSlowdown {
  const { factor, forMs, minFactor } = { ...DEFAULT_SLOW_DOWN, ...options };
  const active = previous && previous.until.getTime() > now.getTime() ? previous : null;
  const until = new Date(Math.max(now.getTime() + forMs, active?.until.getTime() ?? 0));
  return { factor: Math.max(minFactor, (active?.factor ?? 1) * factor), until };
}

/** The rate to hand the bucket now: the configured one, slowed while a slowdown lasts. */
export function effectiveThroughput(configured: BucketRate, slowdown: ThroughputSlowdown | null, now: Date): BucketRate {
  if (!slowdown || slowdown.until.getTime() <= now.getTime()) return configured;
  return {
    ratePerSec: configured.ratePerSec * slowdown.factor,
    burst: Math.max(1, Math.floor(configured.burst * slowdown.factor)),
  };
}
