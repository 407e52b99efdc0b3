/** How an endpoint is retried: exponential backoff with jitter, for a bounded time. */
export interface DeliveryScheduleOptions {
  /** The first retry waits about this long. */
  readonly baseMs: number;
  /** No single wait is longer than this. */
  readonly maxDelayMs: number;
  /** An event still undelivered this long after it happened is given up (Standard Webhooks: days). */
  readonly giveUpAfterMs: number;
}

export const DEFAULT_DELIVERY_SCHEDULE: DeliveryScheduleOptions = {
  baseMs: 5_000,
  maxDelayMs: 6 * 3_600_000,
  giveUpAfterMs: 3 * 86_400_000,
};

export type RetryDecision = { readonly retry: true; readonly at: Date } | { readonly retry: false };

/**
 * After failed attempt number `attempts` (from 1) of an event that happened at `eventAt`: when to
 * try again, or give up. The wait doubles per attempt up to `maxDelayMs`, and is jittered in
 * [half, whole] of it so that many events failing together do not return together; `random`
 * returns [0, 1) and is injected so the rule stays pure. The last retry lands on the deadline.
 */
export function nextDeliveryAttempt(attempts: number, eventAt: Date, now: Date, options: DeliveryScheduleOptions, random: () => number): RetryDecision {
  const deadline = eventAt.getTime() + options.giveUpAfterMs;
  if (now.getTime() >= deadline) return { retry: false };
  const exponent = Math.min(Math.max(Math.floor(Number.isFinite(attempts) ? attempts : 1) - 1, 0), 40);
  const ceiling = Math.min(Math.max(options.maxDelayMs, 0), Math.max(options.baseMs, 0) * 2 ** exponent);
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  const delay = Math.floor(ceiling / 2 + (unit * ceiling) / 2);
  return { retry: true, at: new Date(Math.min(now.getTime() + delay, deadline)) };
}

/** How an endpoint counts as broken: failing without one success for long enough, and often enough. */
export interface DisableRule {
  readonly minFailures: number;
  readonly failingForMs: number;
}

export const DEFAULT_DISABLE_RULE: DisableRule = { minFailures: 10, failingForMs: 3 * 86_400_000 };

/** Whether an endpoint whose attempts have all failed since `failingSince` should be disabled now. */
export function shouldDisableEndpoint(consecutiveFailures: number, failingSince: Date | null, now: Date, rule: DisableRule): boolean {
  if (failingSince === null || consecutiveFailures < rule.minFailures) return false;
  return now.getTime() - failingSince.getTime() >= rule.failingForMs;
}
