interface Waiter {
  readonly rank: number;
  readonly start: () => void;
}

/**
 * At most `limit` runs at once; the others wait their turn, the lowest `rank` first (BullMQ's
 * priority order: 1 is the most urgent) and in the order they came within a rank.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limit: number) {}

  /** Runs waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Whether a run started now would start at once. */
  get free(): boolean {
    return this.running < this.limit;
  }

  async run<T>(fn: () => Promise<T>, rank = 0): Promise<T> {
    // A finished run hands its slot straight to the next in line, so no newcomer slips in between.
    // Taken or queued synchronously: a caller sees `free` and `queued` change at once.
    if (this.running < this.limit) this.running += 1;
    else await new Promise<void>((start) => this.enqueue({ rank, start }));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }

  private enqueue(waiter: Waiter): void {
    const at = this.waiting.findIndex((w) => w.rank > waiter.rank);
    if (at === -1) this.waiting.push(waiter);
    else this.waiting.splice(at, 0, waiter);
  }
}
