interface Watched {
  readonly received: () => number;
  readonly onSlow: () => void;
  /** Bytes received at each check, the last window's worth. */
  readonly sizes: number[];
}

/**
 * Uploads still arriving, checked together every `checkMs` by one timer that runs only while any
 * are: one whose last `windowMs` brought fewer than `minBytesPerSecond` is called slow (once, and
 * forgotten). Most bodies arrive whole before a check, so a request costs a Map entry, not a timer.
 */
export class UploadWatch {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly minBytesPerSecond: number,
    private readonly windowMs = 2_000,
    private readonly checkMs = 500,
  ) {}

  /** Starts watching; the returned function stops it (call it when the body ends, whatever the outcome). */
  watch(received: () => number, onSlow: () => void): () => void {
    const entry: Watched = { received, onSlow, sizes: [] };
    this.watched.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => this.check(), this.checkMs);
      this.timer.unref();
    }
    return () => this.forget(entry);
  }

  private check(): void {
    for (const entry of this.watched) {
      const size = entry.received();
      entry.sizes.push(size);
      if (entry.sizes.length <= this.windowMs / this.checkMs) continue;
      const before = entry.sizes.shift()!;
      if (size - before < (this.minBytesPerSecond * this.windowMs) / 1000) {
        this.forget(entry);
        entry.onSlow();
      }
    }
  }

  private forget(entry: Watched): void {
    this.watched.delete(entry);
    if (this.watched.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
