export interface ThrottlePolicy {
  /** Failed attempts for one account within the window (since its last success) before more are refused. */
  readonly perAccount: number;
  /** Failed attempts from one address within the window, whatever the account. */
  readonly perAddress: number;
  readonly windowMs: number;
}

export type ThrottleDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number; readonly by: 'account' | 'address' };

/**
 * Whether another sign-in may be tried now. `accountFailures` are the account's failed attempts
 * since its last success, `addressFailures` the address's, both newest first and at most the
 * limit long. At the limit the next attempt waits until the oldest counted failure leaves the window.
 */
export function throttleSignIn(accountFailures: readonly Date[], addressFailures: readonly Date[], now: Date, policy: ThrottlePolicy): ThrottleDecision {
  const since = now.getTime() - policy.windowMs;
  const check = (failures: readonly Date[], limit: number): number | null => {
    const recent = failures.filter((at) => at.getTime() > since);
    if (recent.length < limit) return null;
    const oldestCounted = recent.slice(0, limit).reduce((min, at) => Math.min(min, at.getTime()), Infinity);
    return Math.max(1, oldestCounted + policy.windowMs - now.getTime());
  };
  const account = check(accountFailures, policy.perAccount);
  if (account !== null) return { allowed: false, retryAfterMs: account, by: 'account' };
  const address = check(addressFailures, policy.perAddress);
  if (address !== null) return { allowed: false, retryAfterMs: address, by: 'address' };
  return { allowed: true };
}

/** Emails compare case-insensitively and without surrounding space: `Dana@Shop.example ` is dana@shop.example. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
