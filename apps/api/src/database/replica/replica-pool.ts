import pg from 'pg';
import type { JsonLogger } from '../../common/logging/json-logger.js';
import type { AppConfig } from '../../config/config.schema.js';
import type { Queryable } from '../query-rows.js';

/**
 * The connections to the replica: opened on first use (a worker never reads from it, so never
 * connects), closed on shutdown. Plain `pg`: the replica needs no entities, and a pool that is not
 * initialised up front cannot fail the boot when the replica is away.
 */
export class ReplicaPool {
  private pool: pg.Pool | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {}

  async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.open().query(sql, params)).rows as T[];
  }

  /** `work`'s statements on one connection, in one read-only transaction. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.open().connect();
    let broken = false;
    try {
      await client.query('BEGIN READ ONLY');
      const result = await work({ query: async (sql, params) => (await client.query(sql, params)).rows });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      // A connection that could not even roll back is closed, not pooled.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end().catch(() => undefined);
  }

  private open(): pg.Pool {
    if (this.pool) return this.pool;
    const pool = new pg.Pool({
      connectionString: this.config.databaseRead.url!,
      max: 20,
      // A replica that does not answer is soon given up for the primary.
      connectionTimeoutMillis: 2_000,
      statement_timeout: this.config.database.statementMs,
      query_timeout: this.config.database.queryMs,
      application_name: 'sendbook-reads',
      // As on the primary (dataSourceOptions): no JIT for short statements.
      options: '-c jit=off',
    });
    // A stopped replica ends idle connections: that is an 'error' on the pool, and on a checked-out
    // client possibly twice (see pool-error-guard.ts); unheard, either would end the process.
    const heard = (error: Error) => this.logger.event('debug', 'database.replica_connection_error', { error });
    pool.on('error', heard);
    pool.on('connect', (client) => client.on('error', heard));
    this.pool = pool;
    return pool;
  }
}

/**
 * The replica is away (no connection, a server shutting down or starting, a read that never
 * answered, a URL it refuses), rather than unable to run one read: SQLSTATE classes 08
 * (connection), 28 (authorization), 3D (no such database), 53 (resources), 57P (shutdown, cannot
 * connect now), and anything without a SQLSTATE (socket errors, time-outs).
 */
export function replicaUnavailable(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError) || typeof error.code !== 'string') return true;
  return ['08', '28', '3D', '53', '57P'].some((prefix) => error.code!.startsWith(prefix));
}
