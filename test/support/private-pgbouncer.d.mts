/**
 * A PgBouncer of one run's own (Debian's package) in transaction mode in front of a PostgreSQL
 * server, on a free port of 127.0.0.1, run as the `postgres` OS user (it will not run as root).
 * Every database name is passed on to the server.
 */
export interface PrivatePgBouncer {
  /** Its URL (database `postgres`): swap the database with `withDatabase`. */
  readonly url: string;
  /** A statement on the admin console (`SHOW POOLS`, `SHOW STATS`, `SHOW SERVERS`…), its rows. */
  admin(sql: string): Promise<Record<string, unknown>[]>;
  /** Its log so far (for a failing test's message). */
  log(): string;
  /** Shuts it down at once (every connection closed) and removes its files. */
  stop(): Promise<void>;
}

export interface PrivatePgBouncerOptions {
  /** The PostgreSQL server it pools (its host, port, user and password are used). */
  readonly serverUrl: string;
  /** Server connections per database and user (`default_pool_size`): 3 unless told. */
  readonly poolSize?: number;
  /** Set on each server connection as it opens (`connect_query`): the pooled connections' statement timeout. */
  readonly statementTimeoutMs?: number | null;
}

export declare function startPrivatePgBouncer(options: PrivatePgBouncerOptions): Promise<PrivatePgBouncer>;
