/**
 * One load at a time, its result kept `ttlMs`: callers that arrive while a load runs share it,
 * and callers within `ttlMs` after it get its result. For expensive reads asked for in bursts
 * (ten Prometheus replicas scraping at once are one set of queries). A failed load is not kept.
 */
export class SingleFlightCache<T> {
  private inFlight: Promise<T> | null = null;
  private cached: { value: T; at: number } | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(load: () => Promise<T>): Promise<T> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return Promise.resolve(this.cached.value);
    if (this.inFlight) return this.inFlight;
    const running = load().then((value) => {
      this.cached = { value, at: this.now() };
      return value;
    });
    this.inFlight = running;
    const clear = () => {
      if (this.inFlight === running) this.inFlight = null;
    };
    running.then(clear, clear);
    return running;
  }
}
