import type { BucketRate } from './token-bucket.js';

/**
 * Meta's default per-number throughput: 80 msg/s (1,000 once upgraded); burst 1 keeps every
 * second at ≤ 80. https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput
 */
export const DEFAULT_THROUGHPUT: Readonly<BucketRate> = { ratePerSec: 80, burst: 1 };
/** Numbers also on the WhatsApp Business app (coexistence) are fixed at 20 msg/s. */
export const COEXISTENCE_THROUGHPUT: Readonly<BucketRate> = { ratePerSec: 20, burst: 1 };

/**
 * A number's bucket slowed after a 130429, then climbing back: at `factor` of its configured rate
 * until `rampFrom`, then `rampPerMs` more of it each ms, back to the full rate at `until`.
 */
export interface ThroughputSlowdown {
  factor: number;
  rampFrom: Date;
  rampPerMs: number;
  until: Date;
}

export interface SlowDownOptions {
  /** Multiplier per 130429 (0.5 halves), applied to the rate in force when it came. */
  factor: number;
  /** How long the cut rate holds before it starts climbing back. */
  holdMs: number;
  /** How long the climb from nothing to the full rate would take (from half: half as long). */
  recoverMs: number;
  /** Never slower than this fraction of the configured rate. */
  minFactor: number;
}

/**
 * Additive increase after a multiplicative decrease: one 130429 halves the rate for a second and
 * it is back in full two seconds later, a second one while climbing halves what it had regained.
 * A fixed minute at half made a 1,200-recipient campaign take twice as long as Meta allows for
 * one refusal that a strict Meta's count, another app on the number or the Business app caused.
 */
export const DEFAULT_SLOW_DOWN: Readonly<SlowDownOptions> = { factor: 0.5, holdMs: 1_000, recoverMs: 4_000, minFactor: 1 / 16 };

/** The fraction of the configured rate in force at `now` (1 when not slowed). */
export function slowFactorAt(slowdown: ThroughputSlowdown | null, now: Date): number {
  const t = now.getTime();
  if (!slowdown || slowdown.until.getTime() <= t) return 1;
  return Math.min(1, slowdown.factor + Math.max(0, t - slowdown.rampFrom.getTime()) * slowdown.rampPerMs);
}

/**
 * A further 130429: cuts the rate in force (the configured one, or a slowed one part of the way
 * back) by `factor`, never under `minFactor`, and starts the hold and the climb afresh. Refusals
 * during the hold change nothing: they are sends that left before the cut took effect.
 */
export function slowDown(previous: ThroughputSlowdown | null, now: Date, options: Partial<SlowDownOptions> = {}): ThroughputSlowdown {
  const { factor, holdMs, recoverMs, minFactor } = { ...DEFAULT_SLOW_DOWN, ...options };
  const t = now.getTime();
  const active = previous && previous.until.getTime() > t ? previous : null;
  if (active && t < active.rampFrom.getTime()) return active;
  const cut = Math.max(minFactor, slowFactorAt(active, now) * factor);
  const rampPerMs = 1 / recoverMs;
  const rampFrom = t + holdMs;
  return { factor: cut, rampFrom: new Date(rampFrom), rampPerMs, until: new Date(rampFrom + Math.ceil((1 - cut) / rampPerMs)) };
}

/** The rate to hand the bucket now: the configured one, slowed while a slowdown lasts. */
export function effectiveThroughput(configured: BucketRate, slowdown: ThroughputSlowdown | null, now: Date): BucketRate {
  if (!slowdown || slowdown.until.getTime() <= now.getTime()) return configured;
  const factor = slowFactorAt(slowdown, now);
  return {
    ratePerSec: configured.ratePerSec * factor,
    burst: Math.max(1, Math.floor(configured.burst * factor)),
  };
}
