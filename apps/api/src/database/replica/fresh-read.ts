/**
 * A read that must start after the caller's moment (the primary's WAL position after the caller's
 * commit): callers at once share one read, but a caller arriving while one runs cannot use it (it
 * may have read before the caller's commit) and shares the next one with whoever else arrives
 * meanwhile. So a burst of writes costs a read or two, not one each.
 */
export class FreshRead<T> {
  private running: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.next) return this.next;
    if (!this.running) return this.start();
    const after = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.next = after.then(() => {
      this.next = null;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<T> {
    const running = this.read();
    this.running = running;
    const clear = () => {
      if (this.running === running) this.running = null;
    };
    running.then(clear, clear);
    return running;
  }
}
