// Sign-in throttling that slows a guesser without locking the owner out. Failures are counted
// three ways: one account from one address (the pair), one address across accounts, and one
// account from addresses that never signed in to it. Past a few free failures each further try
// waits twice as long as the one before (1 s, 2 s, 4 s … up to the window), counted from the
// latest failure. An address the owner has signed in from before is judged on its own pair only,
// so a guesser elsewhere, however many addresses it uses, cannot keep the owner out.

export interface ThrottlePolicy {
  /** Failures of a pair (or of an account from unfamiliar addresses) before each try waits. */
  readonly freeFailures: number;
  /** Failed attempts from one address within the window, whatever the account. */
  readonly perAddress: number;
  readonly windowMs: number;
  /** The first wait past the free failures; each failure after doubles it, up to `windowMs`. */
  readonly baseDelayMs: number;
}

/** Failures newest first, within the window (the pair's and the account's since their last success). */
export interface SignInHistory {
  readonly pair: readonly Date[];
  readonly account: readonly Date[];
  readonly address: readonly Date[];
  /** This address signed in to this account before: the account-wide count does not apply to it. */
  readonly familiar: boolean;
}

export type ThrottleDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number; readonly by: 'account' | 'address' };

/** How long after the latest of `failures` failed attempts the next may come. */
export function backoffMs(failures: number, policy: Pick<ThrottlePolicy, 'freeFailures' | 'baseDelayMs' | 'windowMs'>): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.windowMs, policy.baseDelayMs * 2 ** Math.min(30, failures - policy.freeFailures));
}

/** Whether another sign-in may be tried now, and if not, when and because of what. */
export function throttleSignIn(history: SignInHistory, now: Date, policy: ThrottlePolicy): ThrottleDecision {
  const t = now.getTime();
  const since = t - policy.windowMs;
  const recent = (failures: readonly Date[]) => failures.filter((at) => at.getTime() > since);

  const address = recent(history.address);
  if (address.length >= policy.perAddress) {
    const oldestCounted = address.slice(0, policy.perAddress).reduce((min, at) => Math.min(min, at.getTime()), Infinity);
    return { allowed: false, retryAfterMs: Math.max(1, oldestCounted + policy.windowMs - t), by: 'address' };
  }
  const waits = [recent(history.pair), history.familiar ? [] : recent(history.account)].map((failures) =>
    failures.length === 0 ? 0 : failures[0]!.getTime() + backoffMs(failures.length, policy) - t,
  );
  const wait = Math.max(...waits);
  return wait > 0 ? { allowed: false, retryAfterMs: wait, by: 'account' } : { allowed: true };
}

/** Emails compare case-insensitively and without surrounding space: `Dana@Shop.example ` is dana@shop.example. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
