/**
 * The simulator's notion of "now". Every window and rate calculation reads it, so tests can move
 * time (24 h windows, 6 s pair limits) without sleeping. It runs on real time plus an offset
 * unless frozen; a frozen clock only moves through `advance`/`set`.
 */
export interface Clock {
  now(): number;
}

export class SimClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.frozenAt ?? this.source() + this.offsetMs;
  }

  advance(ms: number): number {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
    return this.now();
  }

  set(ms: number): number {
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offsetMs = ms - this.source();
    return this.now();
  }

  /** Stops time at `at` (default: the current time); useful for exact rate-limit arithmetic. */
  freeze(at: number = this.now()): number {
    this.frozenAt = at;
    return at;
  }

  /** Lets time run again from where it was frozen. */
  unfreeze(): number {
    if (this.frozenAt !== null) {
      this.offsetMs = this.frozenAt - this.source();
      this.frozenAt = null;
    }
    return this.now();
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }
}
