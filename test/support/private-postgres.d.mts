/**
 * A PostgreSQL of one run's own (initdb into a temp dir, run as the `postgres` OS user, which
 * root needs), which the run may stall with SIGSTOP or restart. Never the shared one.
 */
export interface PrivatePostgres {
  /** Server URL (database `postgres`). */
  readonly url: string;
  /** Freezes the postmaster and every backend: connections stay open, nothing answers. */
  stall(): void;
  resume(): void;
  /** Stops it as a crash would (every connection cut, data kept) and starts it again on the same port. */
  restart(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

export declare function startPrivatePostgres(): Promise<PrivatePostgres>;
