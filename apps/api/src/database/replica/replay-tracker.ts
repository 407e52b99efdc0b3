import type { WalPosition } from './wal-position.js';

export interface ReplayTrackerOptions {
  /** The longest a read waits for the replica to reach a position (DATABASE_READ_WAIT_MS). */
  readonly waitMs: number;
  /** Between two looks while waiting. */
  readonly pollMs: number;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * How far the replica has replayed, as this process last saw it, and whether it has reached a
 * position a reader needs (their own last write). Replay only moves forward, so a position at or
 * below one already seen needs no look at all; otherwise one look (`pg_last_wal_replay_lsn()`,
 * shared by every read asking at the same moment), then looks every `pollMs` for up to `waitMs`.
 *
 * A wait that runs out means the replica lags by more than the wait: the reads after it do not
 * wait again (one look each, then the primary) until the replica has passed the position that ran
 * out, so a lagging replica costs one wait, not one per read.
 */
export class ReplayTracker {
  /** The furthest replay position seen; -1: none yet (or forgotten with the replica). */
  private replayed: WalPosition = -1n;
  /** A wait for this position ran out; until the replica passes it, reads do not wait. */
  private lagging: WalPosition | null = null;
  private looking: Promise<void> | null = null;

  /** `look`: the replica's replay position now; null when it is no standby (it never catches up). */
  constructor(
    private readonly look: () => Promise<WalPosition | null>,
    private readonly options: ReplayTrackerOptions,
  ) {}

  /** Whether the replica has replayed `position` (within the wait). A failing look throws. */
  async reached(position: WalPosition): Promise<boolean> {
    if (position <= this.replayed) return true;
    await this.refresh();
    if (position <= this.replayed) return true;
    if (this.lagging !== null) {
      if (this.replayed < this.lagging) return false;
      this.lagging = null;
    }
    const deadline = this.options.now() + this.options.waitMs;
    while (this.options.now() < deadline) {
      await this.options.sleep(Math.min(this.options.pollMs, Math.max(0, deadline - this.options.now())));
      await this.refresh();
      if (position <= this.replayed) return true;
    }
    this.lagging = position;
    return false;
  }

  /** The replica went away: whatever answers there next may be another server, seen afresh. */
  forget(): void {
    this.replayed = -1n;
    this.lagging = null;
  }

  /** The furthest replay position seen (-1: none). */
  get seen(): WalPosition {
    return this.replayed;
  }

  private refresh(): Promise<void> {
    this.looking ??= this.look()
      .then((at) => {
        if (at !== null && at > this.replayed) this.replayed = at;
      })
      .finally(() => {
        this.looking = null;
      });
    return this.looking;
  }
}
