import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OPEN_STATES, POOLS, SAMPLED, type Pool } from './metric-names.js';
import { LiveFiguresRepository } from './live-figures.repository.js';
import type { SampleRow } from './samples.repository.js';

export interface QueueCounts {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  /** Jobs waiting for a worker: waiting + prioritized. */
  readonly backlog: number;
}

export interface PausedNumber {
  readonly scope: string;
  readonly phone_number_id: string | null;
  readonly code: string | null;
  readonly reason: string;
  readonly paused_at: string;
}

/** The gauges, read now from PostgreSQL (indexed counts) and the queues in Redis. */
export interface LiveFigures {
  readonly stuckSending: number;
  readonly rowsByState: Record<string, number>;
  readonly openByNumber: Record<string, number>;
  readonly unattributedInbound: number;
  readonly parkedStatuses: number;
  readonly poisonDeliveries: number;
  readonly paused: PausedNumber[];
  readonly queues: Record<Pool, QueueCounts>;
}

@Injectable()
export class LiveFiguresService {
  constructor(
    private readonly repo: LiveFiguresRepository,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(now: Date): Promise<LiveFigures> {
    const [db, queues] = await Promise.all([this.repo.read(new Date(now.getTime() - this.config.outbox.stuckAfterMs)), this.queueCounts()]);
    return {
      stuckSending: db.stuckSending,
      rowsByState: { ...Object.fromEntries([...OPEN_STATES, 'failed'].map((s) => [s, 0])), ...Object.fromEntries(db.byState.map((r) => [r.state, r.n])) },
      openByNumber: Object.fromEntries(db.byNumber.map((r) => [r.phone_number_id, r.n])),
      unattributedInbound: db.unattributedInbound,
      parkedStatuses: db.parkedStatuses,
      poisonDeliveries: db.poisonDeliveries,
      paused: db.paused.map((p) => ({
        scope: p.scope,
        phone_number_id: p.phone_number_id,
        code: p.code,
        reason: p.reason,
        paused_at: p.paused_at.toISOString(),
      })),
      queues,
    };
  }

  private async queueCounts(): Promise<Record<Pool, QueueCounts>> {
    const entries = await Promise.all(
      POOLS.map(async (pool) => {
        const queue = this.moduleRef.get<Queue>(getQueueToken(pool), { strict: false });
        const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
        const waiting = (c.waiting ?? 0) + (c.prioritized ?? 0);
        return [pool, { waiting, active: c.active ?? 0, delayed: c.delayed ?? 0, backlog: waiting }] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<Pool, QueueCounts>;
  }
}

/** The readings the sampler stores each minute. */
export function sampleRows(live: LiveFigures): SampleRow[] {
  const rows: SampleRow[] = [
    { metric: SAMPLED.stuckSending, label: '', value: live.stuckSending },
    { metric: SAMPLED.unattributedInbound, label: '', value: live.unattributedInbound },
    { metric: SAMPLED.parkedStatuses, label: '', value: live.parkedStatuses },
    { metric: SAMPLED.poisonDeliveries, label: '', value: live.poisonDeliveries },
    { metric: SAMPLED.pausedNumbers, label: '', value: live.paused.length },
  ];
  for (const [state, n] of Object.entries(live.rowsByState)) rows.push({ metric: SAMPLED.rowsByState, label: state, value: n });
  for (const [number, n] of Object.entries(live.openByNumber)) rows.push({ metric: SAMPLED.openByNumber, label: number, value: n });
  for (const [pool, c] of Object.entries(live.queues)) rows.push({ metric: SAMPLED.backlog, label: pool, value: c.backlog });
  return rows;
}
