import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isOnline, sameViewers, viewersNow, type Viewer, type ViewerMark } from '@sendbook/queue';
import type { RedisClient } from '../../infra/redis-clients.js';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { EventsHub } from './events.hub.js';
import { EventsPublisher } from './events.publisher.js';

/** A thread's viewer is gone this long after their tab last said so (it says so every 10 s). */
const VIEWING_TTL_MS = 30_000;
/** "Typing" lasts this long after the last keystroke the tab reported. */
const TYPING_TTL_MS = 6_000;

/**
 * Who is online (an inbox tab open: its live stream, in any API process) and who is in a thread.
 * Redis holds the moments: a sorted set of staff by when a tab of theirs was last heard from, and
 * per thread a hash of viewers. Each API process refreshes the staff whose streams it holds; the
 * first process to see someone's moment pass the grace period says they went offline.
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks | null;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly publisher: EventsPublisher,
    private readonly clock: Clock,
    work: BackgroundWork,
    /** Only where streams are served (ROLE=api or all). */
    @Optional() private readonly hub?: EventsHub,
  ) {
    this.tasks = hub ? work.tasks() : null;
  }

  private get onlineKey(): string {
    return `${this.config.redisPrefix}:presence:online`;
  }

  private viewersKey(conversationId: string): string {
    return `${this.config.redisPrefix}:presence:viewers:${conversationId}`;
  }

  onApplicationBootstrap(): void {
    this.tasks?.every('presence.refresh', () => this.refresh());
  }

  onApplicationShutdown(): void {
    this.tasks?.stopAll();
  }

  /** Whether each is online now. */
  async online(staffIds: readonly string[]): Promise<Map<string, boolean>> {
    if (staffIds.length === 0) return new Map();
    const scores = await this.redis.zmscore(this.onlineKey, ...staffIds);
    const now = this.clock.now().getTime();
    return new Map(
      staffIds.map((id, i) => [id, isOnline(scores[i] === null || scores[i] === undefined ? null : Number(scores[i]), now, this.config.presence.graceMs)]),
    );
  }

  /** A tab of theirs is open now (a live stream opened, or still open): online, told to all when they were not. */
  async heard(staffIds: readonly string[]): Promise<void> {
    if (staffIds.length === 0) return;
    const before = await this.online(staffIds);
    await this.redis.zadd(this.onlineKey, ...staffIds.flatMap((id) => [this.clock.now().getTime(), id]));
    for (const id of staffIds) if (!before.get(id)) this.publisher.publish('presence.changed', { staff_id: id, online: true });
  }

  /** Refreshes the staff this process holds streams for; says who went offline (only the process that removes them says it). */
  async refresh(): Promise<{ online: number; offline: number }> {
    const here = this.hub?.staffOnline() ?? [];
    if (here.length > 0) await this.redis.zadd(this.onlineKey, ...here.flatMap((id) => [this.clock.now().getTime(), id]));
    const stale = await this.redis.zrangebyscore(this.onlineKey, '-inf', `(${this.clock.now().getTime() - this.config.presence.graceMs}`);
    let offline = 0;
    for (const id of stale) {
      if ((await this.redis.zrem(this.onlineKey, id)) === 0) continue;
      offline += 1;
      this.publisher.publish('presence.changed', { staff_id: id, online: false });
    }
    return { online: here.length, offline };
  }

  /** Someone is in the thread (and typing in it, or not); everyone hears when who is there changes. */
  async view(conversationId: string, staffId: string, typing: boolean): Promise<Viewer[]> {
    const now = this.clock.now().getTime();
    const key = this.viewersKey(conversationId);
    const mark: ViewerMark = { staffId, viewingUntil: now + VIEWING_TTL_MS, typingUntil: typing ? now + TYPING_TTL_MS : null };
    const [, , [, raw]] = (await this.redis
      .multi()
      .hset(key, staffId, JSON.stringify(mark))
      .pexpire(key, VIEWING_TTL_MS * 2)
      .hgetall(key)
      .exec()) as [unknown, unknown, [unknown, Record<string, string>]];
    return this.tell(conversationId, raw, now);
  }

  /** They left the thread (closed it, went to another). */
  async leave(conversationId: string, staffId: string): Promise<Viewer[]> {
    const key = this.viewersKey(conversationId);
    const [, [, raw]] = (await this.redis.multi().hdel(key, staffId).hgetall(key).exec()) as [unknown, [unknown, Record<string, string>]];
    return this.tell(conversationId, raw, this.clock.now().getTime());
  }

  /** Who is in the thread now (their marks that have not lapsed). */
  async viewers(conversationId: string): Promise<Viewer[]> {
    return viewersNow(marksOf(await this.redis.hgetall(this.viewersKey(conversationId))), this.clock.now().getTime());
  }

  /** Publishes the thread's viewers when they differ from what was last published. */
  private async tell(conversationId: string, raw: Record<string, string>, now: number): Promise<Viewer[]> {
    const viewers = viewersNow(marksOf(raw), now);
    const stateKey = `${this.viewersKey(conversationId)}:told`;
    const previous = await this.redis.set(stateKey, JSON.stringify(viewers.map((v) => [v.staffId, v.typing])), 'PX', VIEWING_TTL_MS * 2, 'GET');
    const told = previous ? (JSON.parse(previous) as [string, boolean][]).map(([staffId, typing]) => ({ staffId, typing, until: '' })) : [];
    if (!sameViewers(told, viewers)) {
      this.publisher.publish('conversation.viewers', {
        conversation_id: conversationId,
        viewers: viewers.map((v) => ({ staff_id: v.staffId, typing: v.typing, until: v.until })),
      });
    }
    return viewers;
  }
}

function marksOf(raw: Record<string, string>): ViewerMark[] {
  return Object.values(raw).flatMap((value) => {
    try {
      return [JSON.parse(value) as ViewerMark];
    } catch {
      return [];
    }
  });
}
