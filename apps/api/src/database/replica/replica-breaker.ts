/**
 * Whether reads may try the replica. Closed: they do. A failure opens it: reads take the primary for
 * `retryMs`, paying no connection attempt to a replica that is away; then one read tries again (the
 * others keep the primary for another `retryMs`, or until it succeeds), and any success closes it.
 * A trial that never reports (its read did not reach the replica after all) only costs one pause.
 */
export type BreakerChange = 'opened' | 'closed' | null;

export class ReplicaBreaker {
  private open = false;
  private retryAt = 0;

  constructor(
    private readonly retryMs: number,
    private readonly now: () => number,
  ) {}

  /** May this read try the replica? Once a pause is over, only its first caller may (the trial). */
  allows(): boolean {
    if (!this.open) return true;
    const now = this.now();
    if (now < this.retryAt) return false;
    this.retryAt = now + this.retryMs;
    return true;
  }

  /** The replica answered; 'closed' when that ends an outage. */
  succeeded(): BreakerChange {
    if (!this.open) return null;
    this.open = false;
    return 'closed';
  }

  /** The replica failed; 'opened' when that starts an outage (a failed trial only starts another pause). */
  failed(): BreakerChange {
    const change = this.open ? null : 'opened';
    this.open = true;
    this.retryAt = this.now() + this.retryMs;
    return change;
  }

  get available(): boolean {
    return !this.open;
  }
}
