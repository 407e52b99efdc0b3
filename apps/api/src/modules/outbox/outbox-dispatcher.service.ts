import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import type { RedisClient } from '../../infra/redis-clients.js';
import { Batcher } from '../../common/batching/batcher.js';
import { Clock } from '../../common/clock.js';
import { EnqueueBudget, type EnqueueOutcome } from '../../common/queue/enqueue-budget.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { outboundJobs, ownJob, rowJob, type DispatchRow, type OutboundJobData } from './outbound-jobs.js';

/**
 * How long a row's "in a batch job" marker lasts: past BullMQ's stall check (30 s), so a batch on a
 * killed worker is taken up again before it lapses. If its job is gone for good (stalled twice,
 * Redis restarted without its data), the sweeper gives the rows jobs of their own after this; a
 * batch still waiting after it may get them too (tried twice, claimed once: a wasted peek).
 */
const IN_BATCH_TTL_MS = 60_000;

/** Nobody waits on these adds but a sweep or a webhook job: they may wait longer than a request. */
export const SWEEP_DEADLINE_MS = 5_000;

/**
 * Puts "send row X" on the outbound queue. Job id = row id, so adding the same row twice while a
 * job for it waits is a no-op; rows made due together by concurrent enqueues share a job instead
 * (outboundJobs). PostgreSQL stays the truth and the sweeper re-adds what Redis lost.
 * Concurrent dispatches share one `addBulk`. Redis away or stalled never holds a caller past
 * ENQUEUE_TIMEOUT_MS, and at most ENQUEUE_MAX_PENDING rows wait in ioredis for it.
 */
@Injectable()
export class OutboxDispatcher {
  private readonly budget: EnqueueBudget;

  constructor(
    @InjectQueue(QUEUE_NAMES.outbound) private readonly queue: Queue<OutboundJobData>,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {
    this.budget = new EnqueueBudget(config.enqueue.maxPending);
  }

  private readonly adds = new Batcher<readonly DispatchRow[], void>(async (groups) => {
    await this.addAll(groups.flat());
    return groups.map(() => undefined);
  });

  /** `deferred`: Redis did not take the jobs in time (or is away); the sweeper adds them later. */
  async dispatch(rows: readonly DispatchRow[], deadlineMs = this.config.enqueue.timeoutMs): Promise<EnqueueOutcome> {
    if (rows.length === 0) return 'added';
    return this.budget.run(rows.length, () => this.adds.add(rows), deadlineMs);
  }

  /**
   * For the sweeper: adds jobs only for the rows that have none, each its own (so the next sweep
   * finds it). An add of a job that exists is a no-op, but still a script run per row on every
   * sweep while a backlog waits its turn. A row waiting in a batch job has a job (its marker).
   */
  async dispatchMissing(rows: readonly DispatchRow[], deadlineMs: number): Promise<{ outcome: EnqueueOutcome; added: number }> {
    let added = 0;
    const outcome = await this.budget.run(
      rows.length,
      async () => {
        const missing = await this.withoutJob(rows);
        const now = this.clock.now().getTime();
        if (missing.length > 0) await this.queue.addBulk(missing.map((row) => ownJob(row, now)));
        added = missing.length;
      },
      deadlineMs,
    );
    return { outcome, added };
  }

  private async withoutJob(rows: readonly DispatchRow[]): Promise<DispatchRow[]> {
    if (rows.length === 0) return [];
    // Auto-pipelined: one round trip for the whole batch.
    const exists = await Promise.all(rows.map((row) => this.redis.exists(this.queue.toKey(row.id), this.inBatchKey(row.id))));
    return rows.filter((_, i) => exists[i] === 0);
  }

  /**
   * Rows made due sooner (a raised limit, a resume): a delayed job would still wait for the old
   * deadline, so it is promoted; a row without a job gets one. Never throws: what Redis does not
   * take now, the sweeps bring forward later.
   */
  async bringForward(rows: readonly DispatchRow[]): Promise<{ promoted: number; added: number; outcome: EnqueueOutcome }> {
    if (rows.length === 0) return { promoted: 0, added: 0, outcome: 'added' };
    let promoted = 0;
    const outcome = await this.budget.run(rows.length, async () => (promoted = await this.promoteOverdue(rows.map((row) => row.id))), SWEEP_DEADLINE_MS);
    if (outcome === 'deferred') return { promoted, added: 0, outcome };
    const missing = await this.dispatchMissing(rows, SWEEP_DEADLINE_MS);
    return { promoted, added: missing.added, outcome: missing.outcome };
  }

  /**
   * Rows that should have gone by now but still wait: their job may sit delayed by a deadline
   * computed against another clock (an adjusted clock, or a delay set before a resume). Promote
   * the delayed ones; the others are waiting their turn or lost (the sweep re-adds those).
   */
  async promoteOverdue(ids: readonly string[]): Promise<number> {
    let promoted = 0;
    await Promise.all(
      ids.map(async (id) => {
        const job = await this.queue.getJob(id);
        if (!job || !(await job.isDelayed())) return;
        try {
          await job.promote();
          promoted += 1;
        } catch {
          // It left the delayed set meanwhile: nothing to do.
        }
      }),
    );
    return promoted;
  }

  private async addAll(rows: readonly DispatchRow[]): Promise<void> {
    const jobs = outboundJobs(rows, this.clock.now().getTime(), randomUUID);
    await this.queue.addBulk(jobs);
    // After the add: a marker for a job that never came would keep the sweeper off its rows.
    const batched = jobs.flatMap((job) => ('messageIds' in job.data ? job.data.messageIds : []));
    await Promise.all(batched.map((id) => this.redis.set(this.inBatchKey(id), '1', 'PX', IN_BATCH_TTL_MS)));
  }

  /**
   * Rows of a batch job that go back to the queue each on its own job: one that must wait (`at`,
   * on BullMQ's clock) or one its worker handed back untried on shutdown. Job id = row id as usual.
   */
  async requeue(rows: readonly { id: string; at: number }[], priority: number): Promise<void> {
    if (rows.length === 0) return;
    const now = Date.now();
    await this.queue.addBulk(rows.map((row) => rowJob(row.id, Math.max(0, row.at - now), priority)));
  }

  /** A batch job is done with its rows: the sweeper may give any still `queued` its own job. */
  async leftBatch(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.del(...ids.map((id) => this.inBatchKey(id)));
  }

  /** Says "this row waits in a batch job" to the sweeper, which looks jobs up by row id. */
  private inBatchKey(id: string): string {
    return this.queue.toKey(`in-batch-${id}`);
  }
}
