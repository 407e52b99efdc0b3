import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import { Batcher } from '../../common/batching/batcher.js';
import { Clock } from '../../common/clock.js';

export interface OutboundJobData {
  messageId: string;
}

type DispatchRow = { id: string; notBefore: Date; priority: number };

/**
 * Puts "send row X" on the outbound queue. Job id = row id, so adding the same row twice while a
 * job for it waits is a no-op; PostgreSQL stays the truth and the sweeper re-adds what Redis lost.
 * Concurrent dispatches share one `addBulk`.
 */
@Injectable()
export class OutboxDispatcher {
  constructor(
    @InjectQueue(QUEUE_NAMES.outbound) private readonly queue: Queue<OutboundJobData>,
    private readonly clock: Clock,
  ) {}

  private readonly adds = new Batcher<readonly DispatchRow[], void>(async (groups) => {
    await this.addAll(groups.flat());
    return groups.map(() => undefined);
  });

  async dispatch(rows: readonly DispatchRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.adds.add(rows);
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
    const now = this.clock.now().getTime();
    await this.queue.addBulk(
      rows.map((row) => ({
        name: 'send',
        data: { messageId: row.id },
        opts: {
          jobId: row.id,
          delay: Math.max(0, new Date(row.notBefore).getTime() - now),
          // BullMQ: 1 is the highest priority; ours: higher number goes first.
          priority: bullPriority(row.priority),
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  }
}

export function bullPriority(priority: number): number {
  return 1001 - Math.max(-1000, Math.min(1000, priority));
}
