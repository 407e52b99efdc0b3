import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityMetadata, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { queryRows, type Queryable } from '../query-rows.js';
import { FreshRead } from './fresh-read.js';
import { currentReadScope, type FallbackReason, type ReadRoute } from './read-scope.js';
import { ReplayTracker } from './replay-tracker.js';
import { ReplicaBreaker } from './replica-breaker.js';
import { ReplicaPool, replicaUnavailable } from './replica-pool.js';
import { parseWalPosition, type WalPosition } from './wal-position.js';
import { WrittenPositions } from './written-positions.js';

const PRIMARY: ReadRoute = { to: 'primary', reason: null };
/** Between two looks at the replica's replay position while a reader waits for their own write. */
const POLL_MS = 5;

/** What the replica served, and why reads that could have gone to it did not (this process, since it started). */
export interface ReplicaReadFigures {
  readonly configured: boolean;
  /** The breaker is closed: reads try the replica. */
  readonly available: boolean;
  readonly servedByReplica: number;
  readonly fallbacks: Readonly<Record<FallbackReason, number>>;
}

/**
 * Reads that may come from the streaming replica (DATABASE_READ_URL): a repository method that
 * shows people data and decides nothing says so by reading through this instead of the DataSource.
 * Where the read then goes is decided once per request:
 *
 * - the primary, whenever no replica is configured, outside a person's request (workers, timers)
 *   and in a request that writes (POST, PUT, PATCH, DELETE): what decides stays on the primary;
 * - the replica for a GET, except when the reader's own last write (WrittenPositions) is not
 *   replayed there yet: then it waits up to DATABASE_READ_WAIT_MS and else reads the primary, so a
 *   person always sees their own change. Anyone else's read does not wait;
 * - the primary when the replica fails (refused, stopped, stalled past the query timeout): the read
 *   is answered all the same, counted, and the replica left alone for DATABASE_READ_RETRY_MS.
 */
@Injectable()
export class ReadDatabase implements OnApplicationShutdown {
  private readonly replica: ReplicaPool;
  private readonly breaker: ReplicaBreaker;
  private readonly replay: ReplayTracker;
  private readonly primaryPosition: FreshRead<WalPosition | null>;
  private servedByReplica = 0;
  private readonly fallbacks: Record<FallbackReason, number> = { unavailable: 0, failed: 0, lagging: 0, unknown_position: 0 };

  constructor(
    private readonly primary: DataSource,
    private readonly positions: WrittenPositions,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.replica = new ReplicaPool(config, logger);
    const now = () => performance.now();
    this.breaker = new ReplicaBreaker(config.databaseRead.retryMs, now);
    this.replay = new ReplayTracker(() => this.replayPosition(), {
      waitMs: config.databaseRead.waitMs,
      pollMs: POLL_MS,
      now,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    // Person writes commit synchronously (flushed), so the write position covers them.
    this.primaryPosition = new FreshRead(async () => {
      const rows = await queryRows<{ at: string }>(this.primary, `SELECT pg_current_wal_lsn()::text AS at`);
      return parseWalPosition(rows[0]?.at);
    });
  }

  /** Whether a replica is configured at all. */
  get enabled(): boolean {
    return this.config.databaseRead.url !== null;
  }

  /** The rows of a read that may come from the replica (see the class). */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const route = await this.route();
    if (route.to === 'replica') {
      try {
        const rows = await this.replica.rows<T>(sql, params);
        this.answered();
        this.servedByReplica++;
        return rows;
      } catch (error) {
        this.failed(error);
        this.fallbacks.failed++;
      }
    } else if (route.reason) {
      this.fallbacks[route.reason]++;
    }
    return queryRows<T>(this.primary, sql, params);
  }

  /**
   * Statements that must share one connection (SET LOCAL planner settings and the read they are
   * for), in one read-only transaction, where `query` would send them. On a replica failure the
   * whole work runs again on the primary: it only reads.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const route = await this.route();
    if (route.to === 'replica') {
      try {
        const result = await this.replica.transaction(work);
        this.answered();
        this.servedByReplica++;
        return result;
      } catch (error) {
        this.failed(error);
        this.fallbacks.failed++;
      }
    } else if (route.reason) {
      this.fallbacks[route.reason]++;
    }
    return this.primary.transaction((tx) => work(tx));
  }

  /** Entity metadata for mapping rows (the same on both servers). */
  getMetadata(target: EntityTarget<ObjectLiteral>): EntityMetadata {
    return this.primary.getMetadata(target);
  }

  /**
   * After a person's write: the primary's WAL position now (which covers what the request
   * committed) is remembered as theirs, so their next reads wait for the replica to reach it.
   * Never fails the request: unrecorded, their next reads may briefly not show the write.
   */
  async noteWrite(actor: string): Promise<void> {
    if (!this.enabled) return;
    try {
      const at = await this.primaryPosition.get();
      if (at !== null) await this.positions.remember(actor, at);
    } catch (error) {
      this.logger.event('warn', 'database.read_your_writes_unrecorded', { actor, error });
    }
  }

  figures(): ReplicaReadFigures {
    return { configured: this.enabled, available: this.breaker.available, servedByReplica: this.servedByReplica, fallbacks: { ...this.fallbacks } };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.replica.close();
  }

  private async route(): Promise<ReadRoute> {
    const scope = currentReadScope();
    if (!this.enabled || !scope || scope.mutating) return PRIMARY;
    if (!this.breaker.allows()) return { to: 'primary', reason: 'unavailable' };
    scope.route ??= this.decide(scope.actor);
    return scope.route;
  }

  /** For one request: the replica, unless the reader's own last write has not reached it. */
  private async decide(actor: string | null): Promise<ReadRoute> {
    if (actor === null) return { to: 'replica' };
    let position: WalPosition | null;
    try {
      position = await this.positions.of(actor);
    } catch {
      // Whether they wrote lately is unknown: only the primary surely has it.
      return { to: 'primary', reason: 'unknown_position' };
    }
    if (position === null) return { to: 'replica' };
    try {
      return (await this.replay.reached(position)) ? { to: 'replica' } : { to: 'primary', reason: 'lagging' };
    } catch (error) {
      this.failed(error);
      return { to: 'primary', reason: 'failed' };
    }
  }

  private async replayPosition(): Promise<WalPosition | null> {
    const rows = await this.replica.rows<{ at: string | null }>(`SELECT pg_last_wal_replay_lsn()::text AS at`);
    this.answered();
    return parseWalPosition(rows[0]?.at);
  }

  private answered(): void {
    if (this.breaker.succeeded() === 'closed') this.logger.event('info', 'database.replica_back', {});
  }

  private failed(error: unknown): void {
    if (!replicaUnavailable(error)) {
      // The replica is there but could not run this read (a conflict with recovery, a time-out): this read only.
      this.logger.event('warn', 'database.replica_read_failed', { error });
      return;
    }
    if (this.breaker.failed() === 'opened') this.logger.event('warn', 'database.replica_unavailable', { error, retry_ms: this.config.databaseRead.retryMs });
    this.replay.forget();
  }
}
