/**
 * A streaming standby of a private primary (private-postgres.mjs), made with `pg_basebackup -R`
 * and run as the `postgres` OS user on another free port. Hot standby: it answers reads.
 */
export interface PrivateStandby {
  /** Server URL (database `postgres`); every database of the primary is there too. */
  readonly url: string;
  /** Stops applying WAL (it still receives it): from now on the standby lags. Resolves once paused. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the standby has replayed everything the primary had written when it was called. */
  caughtUp(): Promise<void>;
  /** Stops the standby (a clean shutdown); it keeps its data and its slot on the primary. */
  stop(): Promise<void>;
  /** Starts it again on the same port; it catches up from its slot. */
  start(): Promise<void>;
  /** Stops it, drops its slot on the primary and removes its data. */
  remove(): Promise<void>;
}

/** `primaryUrl`: the `url` of a PrivatePostgres. */
export declare function startPrivateStandby(primaryUrl: string): Promise<PrivateStandby>;
