// PostgreSQL is the truth and the sweepers re-add what Redis never got, so a job add is worth
// waiting for only briefly. While Redis is away or stalled, ioredis holds every command it was
// given (offline queue, or written to a socket nobody reads): this budget bounds how many rows
// may be waiting there at once, and how long a caller waits for its add. Pure scheduling, no I/O.

export type EnqueueOutcome = 'added' | 'deferred';

export class EnqueueBudget {
  private outstanding = 0;

  constructor(private readonly maxOutstanding: number) {}

  /** Rows whose add was handed to Redis and has not settled yet. */
  get pending(): number {
    return this.outstanding;
  }

  /**
   * Runs `add` for `count` rows unless that would leave more than `maxOutstanding` waiting on
   * Redis. `deferred`: not attempted (over budget), failed, or not settled within `deadlineMs`
   * (the add carries on; its job id makes a later re-add by the sweeper harmless).
   */
  async run(count: number, add: () => Promise<unknown>, deadlineMs: number): Promise<EnqueueOutcome> {
    if (this.outstanding + count > this.maxOutstanding) return 'deferred';
    this.outstanding += count;
    const settled = add().then(
      () => 'added' as const,
      () => 'deferred' as const,
    );
    void settled.finally(() => {
      this.outstanding -= count;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<EnqueueOutcome>((resolve) => {
      timer = setTimeout(() => resolve('deferred'), deadlineMs);
    });
    try {
      return await Promise.race([settled, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
