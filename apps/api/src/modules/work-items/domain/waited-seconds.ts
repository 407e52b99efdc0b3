/** When a customer's wait began (else when it passed its target, the latest it can have begun). */
export interface Wait {
  readonly waitingSince: Date | null;
  readonly breachedAt: Date | null;
}

/**
 * How long the customer has waited, in whole wall-clock seconds (what they lived through, business
 * hours or not): an open wait until now (the API's clock, so every viewer reads the same figure),
 * an ended one until it ended. Null when nothing says when it began.
 */
export function waitedSeconds(wait: Wait, until: Date): number | null {
  const since = wait.waitingSince ?? wait.breachedAt;
  return since ? Math.max(0, Math.floor((until.getTime() - since.getTime()) / 1000)) : null;
}
