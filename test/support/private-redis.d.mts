/**
 * A redis-server of one run's own on a free port, which the run may stop, stall (SIGSTOP) and
 * bring back on the same address. Never the shared one: other test files use that.
 */
export interface PrivateRedis {
  readonly url: string;
  /** Freezes the process: connections stay open, nothing answers (a stalled Redis). */
  stall(): void;
  resume(): void;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  restart(): Promise<void>;
}

export declare function startPrivateRedis(): Promise<PrivateRedis>;
