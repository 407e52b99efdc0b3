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

/**
 * A ByteBudget with a share per client: one address (a few slow uploads that signed nothing yet)
 * cannot hold more than `share` of the whole, so Meta's deliveries, from other addresses, still
 * find room. Pure bookkeeping, no I/O.
 */
export class SharedByteBudget {
  private readonly total: ByteBudget;
  private readonly byClient = new Map<string, number>();

  constructor(
    max: number,
    private readonly share: number,
  ) {
    this.total = new ByteBudget(max);
  }

  get held(): number {
    return this.total.held;
  }

  heldBy(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  /** Takes `n` bytes for `client` if they fit both its share and the whole; false (nothing taken) if not. */
  tryTake(client: string, n: number): boolean {
    const mine = this.heldBy(client);
    if (mine + n > Math.floor(this.total.max * this.share)) return false;
    if (!this.total.tryTake(n)) return false;
    this.byClient.set(client, mine + n);
    return true;
  }

  give(client: string, n: number): void {
    this.total.give(n);
    const left = this.heldBy(client) - n;
    if (left > 0) this.byClient.set(client, left);
    else this.byClient.delete(client);
  }
}
