import type { WebhookRetryOptions } from '../options.js';

/**
 * Meta retries a failed webhook "with decreasing frequency" for up to 7 days: exponential backoff
 * (1 s, 2 s, 4 s ...) capped at `maxDelayMs`. `retryNumber` counts from 1. Nominal (unscaled) ms.
 */
export function retryDelayMs(retryNumber: number, options: WebhookRetryOptions): number {
  const exponent = Math.min(retryNumber - 1, 40);
  return Math.min(options.initialDelayMs * 2 ** exponent, options.maxDelayMs);
}
