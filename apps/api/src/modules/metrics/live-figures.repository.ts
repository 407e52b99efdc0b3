import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { OPEN_STATES } from './metric-names.js';

/** What PostgreSQL says now, before it is shaped into LiveFigures. */
export interface DatabaseFigures {
  readonly stuckSending: number;
  readonly byState: { state: string; n: number }[];
  readonly byNumber: { phone_number_id: string; n: number }[];
  readonly unattributedInbound: number;
  readonly parkedStatuses: number;
  readonly poisonDeliveries: number;
  readonly paused: { scope: string; phone_number_id: string | null; code: string | null; reason: string; paused_at: Date }[];
}

/**
 * The gauges' counts. Read-only over other modules' tables (the outbox, attributions, statuses,
 * deliveries, pauses): each count is answered by an index, so reading them every minute is cheap.
 */
@Injectable()
export class LiveFiguresRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The counts, concurrently. `stuckBefore`: a row in `sending` since before then is stuck. */
  async read(stuckBefore: Date): Promise<DatabaseFigures> {
    const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => queryRows<T>(this.dataSource, sql, params);
    const [stuck, byState, byNumber, unattributed, parked, poison, paused] = await Promise.all([
      q<{ n: number }>(`SELECT count(*)::int AS n FROM outbound_messages WHERE state = 'sending' AND sending_started_at < $1`, [stuckBefore]),
      q<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM outbound_messages WHERE state = ANY($1) GROUP BY state`, [
        [...OPEN_STATES, 'failed'],
      ]),
      q<{ phone_number_id: string; n: number }>(
        `SELECT phone_number_id, count(*)::int AS n FROM outbound_messages WHERE state = ANY($1) GROUP BY phone_number_id`,
        [[...OPEN_STATES]],
      ),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM inbound_attributions WHERE attribution = 'unattributed'`),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM message_status_events WHERE match_state = 'parked'`),
      q<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'poison'`),
      q<DatabaseFigures['paused'][number]>(
        `SELECT scope, phone_number_id, code, reason, paused_at FROM sending_pauses WHERE resumed_at IS NULL ORDER BY paused_at`,
      ),
    ]);
    return {
      stuckSending: stuck[0]?.n ?? 0,
      byState,
      byNumber,
      unattributedInbound: unattributed[0]?.n ?? 0,
      parkedStatuses: parked[0]?.n ?? 0,
      poisonDeliveries: poison[0]?.n ?? 0,
      paused,
    };
  }
}
