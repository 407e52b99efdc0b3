interface Entry {
  readonly at: number;
  readonly reject: (error: Error) => void;
  done: boolean;
}

/**
 * One deadline for many concurrent promises, kept by one timer instead of a timer and a race per
 * promise (on the webhook ack, a timer, four promises and a race for every request). Every promise
 * gets the same `ms`, so arrival order is deadline order: the sweep only ever looks at the oldest.
 * A promise past its deadline is rejected within `tickMs` of it; the promise itself carries on.
 */
export class Deadlines {
  private readonly queue: Entry[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly what: string,
    private readonly tickMs = Math.min(100, Math.max(5, Math.floor(ms / 10))),
  ) {}

  /** The promise's value, or a rejection "`what` within `ms` ms" once `ms` have passed. */
  within<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Entry = { at: Date.now() + this.ms, reject, done: false };
      this.queue.push(entry);
      if (!this.timer) {
        this.timer = setInterval(() => this.sweep(), this.tickMs);
        this.timer.unref();
      }
      promise.then(
        (value) => {
          entry.done = true;
          resolve(value);
        },
        (error: unknown) => {
          entry.done = true;
          reject(error);
        },
      );
    });
  }

  /** How many promises are still watched (for tests). */
  get watching(): number {
    return this.queue.length - this.head;
  }

  private sweep(): void {
    const now = Date.now();
    while (this.head < this.queue.length) {
      const entry = this.queue[this.head]!;
      if (!entry.done && entry.at > now) break;
      this.head++;
      if (!entry.done) {
        entry.done = true;
        entry.reject(new Error(`${this.what} within ${this.ms} ms`));
      }
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
      clearInterval(this.timer!);
      this.timer = null;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}
