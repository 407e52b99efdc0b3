// Group commit: many concurrent callers share one write. Each caller gets a promise for its own
// result; the batch is written in one statement (one commit, one fsync) and every promise settles
// only after that write settled. Pure scheduling, no I/O of its own: the write is injected.

export interface GroupCommitOptions {
  /** At most this many items per write. */
  maxItems: number;
  /** How long the first item of a batch waits for company (0: until the current tick ends). */
  windowMs: number;
  /** Writes in flight at once; while all are busy, new items wait and join the next batch. */
  maxInFlight: number;
}

/** Writes a batch and returns one result per item, in the same order. */
export type BatchWrite<I, R> = (items: readonly I[]) => Promise<readonly R[]>;

interface Waiter<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitter<I, R> {
  private pending: Waiter<I, R>[] = [];
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly write: BatchWrite<I, R>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Resolves with the item's result once the batch holding it has been written. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.options.maxItems) this.flush();
      else this.schedule();
    });
  }

  /** Items waiting for a write slot or for their window to close. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Resolves when everything submitted so far has been written (or failed). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.writes.size > 0) {
      if (this.pending.length > 0 && this.inFlight < this.options.maxInFlight) this.flush();
      await Promise.race([...this.writes, new Promise((resolve) => setTimeout(resolve, 1))]);
    }
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const fire = () => {
      this.timer = null;
      this.flush();
    };
    this.timer = this.options.windowMs > 0 ? setTimeout(fire, this.options.windowMs) : setTimeout(fire, 0);
  }

  private flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.pending.length > 0 && this.inFlight < this.options.maxInFlight) {
      const batch = this.pending.splice(0, this.options.maxItems);
      this.run(batch);
    }
  }

  private run(batch: Waiter<I, R>[]): void {
    this.inFlight++;
    const done = this.write(batch.map((w) => w.item))
      .then(
        (results) => {
          if (results.length !== batch.length) throw new Error(`batch write returned ${results.length} results for ${batch.length} items`);
          batch.forEach((w, i) => w.resolve(results[i] as R));
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .catch((error: unknown) => {
        for (const w of batch) w.reject(error);
      })
      .finally(() => {
        this.inFlight--;
        this.writes.delete(done);
        // Whatever queued up while every slot was busy goes now, as one batch.
        if (this.pending.length > 0) this.flush();
      });
    this.writes.add(done);
  }
}
