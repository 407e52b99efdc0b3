// Group commit for concurrent callers: calls made while earlier flushes are in flight are gathered
// and handed to one `flush` together; each caller gets its own result. Pure scheduling, no I/O of
// its own: the flush is injected.

/** Writes a batch and returns one result per item, in the same order. */
export type BatchFlush<I, R> = (items: readonly I[]) => Promise<readonly R[]>;

export interface BatcherOptions {
  /** At most this many items per flush. */
  maxBatch: number;
  /** Flushes in flight at once; while all are busy, new items wait and join the next batch. */
  maxInFlight: number;
  /**
   * Whether a failed batch is worth retrying item by item (a data error one item caused). An
   * outage or a time-out would only fail each item again, one time-out after another: those fail
   * the whole batch at once.
   */
  retryEachOn: (error: unknown) => boolean;
}

interface Waiter<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

const DEFAULTS: BatcherOptions = { maxBatch: 256, maxInFlight: 2, retryEachOn: () => true };

export class Batcher<I, R> {
  private pending: Waiter<I, R>[] = [];
  private inFlight = 0;
  private readonly running = new Set<Promise<void>>();
  private scheduled = false;
  private readonly options: BatcherOptions;

  constructor(
    private readonly flush: BatchFlush<I, R>,
    options: Partial<BatcherOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Resolves with this item's result once the flush holding it has settled. */
  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when everything added so far has been flushed (or failed): for a clean shutdown. */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.running.size > 0) {
      await Promise.race([...this.running, new Promise((resolve) => setImmediate(resolve))]);
    }
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    // One turn of the event loop lets calls made at the same moment join the batch.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight >= this.options.maxInFlight || this.pending.length === 0) return;
      const batch = this.pending.splice(0, this.options.maxBatch);
      this.inFlight++;
      const done = this.run(batch).finally(() => {
        this.inFlight--;
        this.running.delete(done);
        this.schedule();
      });
      this.running.add(done);
      this.schedule();
    });
  }

  /**
   * A failed flush of several items is retried one item at a time, so one bad item fails only its
   * own caller. (The flushes are single statements: a failed one changed nothing.)
   */
  private async run(batch: Waiter<I, R>[]): Promise<void> {
    try {
      settle(batch, await this.flush(batch.map((w) => w.item)));
    } catch (error) {
      if (batch.length === 1 || !this.options.retryEachOn(error)) {
        for (const waiter of batch) waiter.reject(error);
        return;
      }
      for (const waiter of batch) {
        try {
          settle([waiter], await this.flush([waiter.item]));
        } catch (single) {
          waiter.reject(single);
        }
      }
    }
  }
}

function settle<I, R>(batch: Waiter<I, R>[], results: readonly R[]): void {
  if (results.length !== batch.length) {
    const error = new Error(`batch flush returned ${results.length} results for ${batch.length} items`);
    for (const waiter of batch) waiter.reject(error);
    return;
  }
  batch.forEach((waiter, i) => waiter.resolve(results[i]!));
}
