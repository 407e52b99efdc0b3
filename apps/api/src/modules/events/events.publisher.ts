import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { RedisClient } from '../../infra/redis-clients.js';
import type { EntityManager, QueryRunner } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { revocationData, type AccessRevocation } from './stream-rules.js';

/**
 * What goes through the live stream: what the inbox hears, and `access.revoked`, which only the API
 * instances hear (each closes the streams of the revoked key, staff member or session).
 */
export type LiveEventType =
  | 'inbound.created'
  | 'message.status'
  | 'work_item.changed'
  | 'conversation.changed'
  | 'presence.changed'
  | 'conversation.viewers'
  | 'team.changed'
  | 'template.changed'
  | 'access.revoked'
  | 'events.lost';

/**
 * Events for the API instances themselves, never forwarded as such: `access.revoked` closes
 * streams; `events.lost` (a publisher dropped events while Redis was away) becomes a `reset`.
 */
export const INTERNAL_EVENT_TYPES: ReadonlySet<string> = new Set<LiveEventType>(['access.revoked', 'events.lost']);

export interface LiveEvent {
  readonly type: LiveEventType;
  readonly data: Record<string, unknown>;
}

/** Roughly how many events the stream keeps for clients to resume from (XADD MAXLEN ~). */
export const EVENTS_STREAM_MAXLEN = 10_000;

export function eventsStreamKey(redisPrefix: string): string {
  return `${redisPrefix}:events`;
}

/**
 * Appends live events to one Redis Stream shared by every API instance. Publishing never fails
 * the caller: a Redis problem is logged and the event is lost, and the first write Redis takes
 * again is an `events.lost` entry, on which every open stream gets a `reset` (the inbox refetches).
 * Events raised in the same turn of the event loop (32 sends finishing together) go out in one
 * pipeline: one write and one reply instead of one round trip each, in the order raised.
 */
@Injectable()
export class EventsPublisher implements BeforeApplicationShutdown {
  /** Events raised inside a transaction, published when it commits (dropped if it rolls back). */
  private readonly pending = new WeakMap<QueryRunner, LiveEvent[]>();
  private readonly pendingWork = new WeakMap<QueryRunner, (() => void)[]>();
  /** Events waiting for the end of this turn of the event loop. */
  private outgoing: LiveEvent[] = [];
  /** Shutting down: publish at once, before the Redis client is closed under them. */
  private closing = false;
  /** Events were dropped since Redis last took a write: the next write says so first. */
  private lost = false;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: JsonLogger,
  ) {
    // Back after an outage: say so now, not with the next event, which may be long in coming
    // (the streams' readers may be back before this client is, and have reset the inbox already).
    redis.on('ready', () => {
      if (this.lost) this.flush();
    });
  }

  get streamKey(): string {
    return eventsStreamKey(this.config.redisPrefix);
  }

  /** Publishes now (fire and forget). Call it after the change is committed. */
  publish(type: LiveEventType, data: Record<string, unknown>): void {
    this.append([{ type, data }]);
  }

  /**
   * Closes the open live streams of a revoked API key, staff member or session on every API
   * instance (a stream matches when any field given names its caller). Call it after the
   * revocation is committed, so a stream that reconnects is judged against the new state. Written
   * at once, not with the turn's batch; resolves false (logged) when Redis did not take it, so the
   * caller may retry. Never rejects.
   */
  async accessRevoked(revocation: AccessRevocation): Promise<boolean> {
    const data = revocationData(revocation);
    if (Object.keys(data).length === 0) return false;
    try {
      const at = new Date().toISOString();
      await this.redis.xadd(this.streamKey, 'MAXLEN', '~', EVENTS_STREAM_MAXLEN, '*', 'type', 'access.revoked', 'data', JSON.stringify({ ...data, at }));
      return true;
    } catch (error) {
      this.failed([{ type: 'access.revoked', data }], error);
      return false;
    }
  }

  /** Publishes once `tx` commits; at once when `tx` is not in a transaction. Never inside the transaction. */
  afterCommit(tx: EntityManager, type: LiveEventType, data: Record<string, unknown>): void {
    const runner = tx.queryRunner;
    if (!runner?.isTransactionActive) return this.publish(type, data);
    const list = this.pending.get(runner);
    if (list) list.push({ type, data });
    else this.pending.set(runner, [{ type, data }]);
  }

  /**
   * Runs `work` once `tx` commits (at once outside a transaction; never after a rollback): what
   * must follow a change without holding its transaction open, such as assigning what it made
   * assignable. `work` handles its own errors.
   */
  runAfterCommit(tx: EntityManager, work: () => void): void {
    const runner = tx.queryRunner;
    if (!runner?.isTransactionActive) return work();
    const list = this.pendingWork.get(runner);
    if (list) list.push(work);
    else this.pendingWork.set(runner, [work]);
  }

  /** For the transaction subscriber: the outermost transaction of `runner` has committed. */
  committed(runner: QueryRunner): void {
    if (runner.isTransactionActive) return;
    const work = this.pendingWork.get(runner);
    if (work) {
      this.pendingWork.delete(runner);
      for (const run of work) run();
    }
    const list = this.pending.get(runner);
    if (!list) return;
    this.pending.delete(runner);
    this.append(list);
  }

  /** For the transaction subscriber: the outermost transaction of `runner` rolled back. */
  rolledBack(runner: QueryRunner): void {
    if (!runner.isTransactionActive) {
      this.pending.delete(runner);
      this.pendingWork.delete(runner);
    }
  }

  /** Workers finishing their last jobs still publish; from here on without waiting for the loop. */
  beforeApplicationShutdown(): void {
    this.closing = true;
    this.flush();
  }

  private append(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    const first = this.outgoing.length === 0;
    this.outgoing.push(...events);
    if (this.closing) this.flush();
    else if (first) setImmediate(() => this.flush());
  }

  private flush(): void {
    if (this.outgoing.length === 0 && !this.lost) return;
    const events = this.outgoing;
    this.outgoing = [];
    const marking = this.lost;
    try {
      const at = new Date().toISOString();
      const pipeline = this.redis.pipeline();
      if (marking) pipeline.xadd(this.streamKey, 'MAXLEN', '~', EVENTS_STREAM_MAXLEN, '*', 'type', 'events.lost', 'data', JSON.stringify({ at }));
      for (const e of events) {
        pipeline.xadd(this.streamKey, 'MAXLEN', '~', EVENTS_STREAM_MAXLEN, '*', 'type', e.type, 'data', JSON.stringify({ ...e.data, at }));
      }
      pipeline.exec().then(
        (results) => {
          const failed = results?.find(([error]) => error)?.[0];
          if (failed) this.failed(events, failed);
          else if (marking) this.lost = false;
        },
        (error: unknown) => this.failed(events, error),
      );
    } catch (error) {
      this.failed(events, error);
    }
  }

  private failed(events: readonly LiveEvent[], error: unknown): void {
    this.lost = true;
    this.logger.event('warn', 'events.publish_failed', { types: events.map((e) => e.type), count: events.length, error });
  }
}
