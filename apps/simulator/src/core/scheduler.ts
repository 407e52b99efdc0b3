/**
 * Owns every timer and in-flight task of the simulator, so that `idle()` can tell when nothing is
 * pending (tests await it instead of sleeping) and `close()` can cancel everything at once.
 */
export type Release = () => void;

export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private holds = 0;
  /** Bumped by cancelAll so releases of work started before a reset do not skew the count. */
  private generation = 0;
  private waiters: Array<() => void> = [];
  private checkQueued = false;
  private closed = false;

  /** Runs `fn` after `ms`; the pending timer counts as work for `idle()`. */
  after(ms: number, fn: () => void): void {
    if (this.closed) return;
    const release = this.hold();
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        try {
          fn();
        } finally {
          release();
        }
      },
      Math.max(0, ms),
    );
    this.timers.add(timer);
  }

  /** Marks a piece of work as pending until the returned function is called (idempotent). */
  hold(): Release {
    this.holds++;
    const generation = this.generation;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (generation !== this.generation) return;
      this.holds--;
      this.queueCheck();
    };
  }

  get pending(): number {
    return this.holds;
  }

  /** Resolves once nothing is pending, re-checking after a turn so chained work is not missed. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.queueCheck();
    });
  }

  /** Cancels all timers and releases every waiter; used by reset and close. */
  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.generation++;
    this.holds = 0;
    this.queueCheck();
  }

  close(): void {
    this.closed = true;
    this.cancelAll();
    this.flushWaiters();
  }

  private queueCheck(): void {
    if (this.checkQueued || this.waiters.length === 0) return;
    this.checkQueued = true;
    setImmediate(() => {
      this.checkQueued = false;
      if (this.holds <= 0) this.flushWaiters();
    });
  }

  private flushWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
