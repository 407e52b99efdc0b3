import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OPEN_STATES, POOLS, SAMPLED, type Pool } from './metric-names.js';
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
    private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(now: Date): Promise<LiveFigures> {
    const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => this.dataSource.query(sql, params);
    const stuckBefore = new Date(now.getTime() - this.config.outbox.stuckAfterMs);
    const [stuck, byState, byNumber, unattributed, parked, poison, paused, queues] = await Promise.all([
      q<{ n: number }>(`SELECT count(*)::int AS n FROM outbound_messages WHERE state = 'sending' AND sending_started_at < $1`, [stuckBefore]),
      q<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM outbound_messages WHERE state = ANY($1) GROUP BY state`, [[...OPEN_STATES, 'failed']]),
      q<{ phone_number_id: string; n: number }>(`SELECT phone_number_id, count(*)::int AS n FROM outbound_messages WHERE state = ANY($1) GROUP BY phone_number_id`, [[...OPEN_STATES]]),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM inbound_attributions WHERE attribution = 'unattributed'`),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM message_status_events WHERE match_state = 'parked'`),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'poison'`),
      q<{ scope: string; phone_number_id: string | null; code: string | null; reason: string; paused_at: Date }>(
        `SELECT scope, phone_number_id, code, reason, paused_at FROM sending_pauses WHERE resumed_at IS NULL ORDER BY paused_at`,
      ),
      this.queueCounts(),
    ]);
    return {
      stuckSending: stuck[0]?.n ?? 0,
      rowsByState: { ...Object.fromEntries([...OPEN_STATES, 'failed'].map((s) => [s, 0])), ...Object.fromEntries(byState.map((r) => [r.state, r.n])) },
      openByNumber: Object.fromEntries(byNumber.map((r) => [r.phone_number_id, r.n])),
      unattributedInbound: unattributed[0]?.n ?? 0,
      parkedStatuses: parked[0]?.n ?? 0,
      poisonDeliveries: poison[0]?.n ?? 0,
      paused: paused.map((p) => ({ scope: p.scope, phone_number_id: p.phone_number_id, code: p.code, reason: p.reason, paused_at: p.paused_at.toISOString() })),
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
