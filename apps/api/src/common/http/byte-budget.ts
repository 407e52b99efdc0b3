/**
 * Bytes held at once by requests still being read or stored. Past `max`, new bytes are refused
 * (the caller answers 503) instead of buffered: a flood, or a stalled database behind the
 * group commit, cannot grow the heap without bound. Pure bookkeeping, no I/O.
 */
export class ByteBudget {
  private used = 0;

  constructor(readonly max: number) {}

  get held(): number {
    return this.used;
  }

  /** Takes `n` bytes if they fit; false (nothing taken) if they do not. */
  tryTake(n: number): boolean {
    if (this.used + n > this.max) return false;
    this.used += n;
    return true;
  }

  give(n: number): void {
    this.used = Math.max(0, this.used - n);
  }
}
