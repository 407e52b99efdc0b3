import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import type { Alert } from './alert.entity.js';

/** The columns as the Alert entity names them. */
const COLUMNS = `id, source, key, title, details, state, raised_at AS "raisedAt", last_raised_at AS "lastRaisedAt", raise_count AS "raiseCount",
  resolved_at AS "resolvedAt", resolved_by AS "resolvedBy", resolution_note AS "resolutionNote"`;

export interface NewAlert {
  readonly source: string;
  readonly key: string;
  readonly title: string;
  readonly details: Record<string, unknown> | null;
}

/** The only code that builds SQL for alerts. At most one open alert per key (a partial unique index). */
@Injectable()
export class AlertsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the alert, or refreshes the open one with the same key; `created` tells which. */
  async raise(alert: NewAlert, now: Date): Promise<{ alert: Alert; created: boolean }> {
    const rows = await queryRows<Alert & { created: boolean }>(
      this.dataSource,
      `INSERT INTO alerts (source, key, title, details, state, raised_at, last_raised_at) VALUES ($1, $2, $3, $4, 'open', $5, $5)
       ON CONFLICT (key) WHERE state = 'open'
       DO UPDATE SET last_raised_at = EXCLUDED.last_raised_at, raise_count = alerts.raise_count + 1, details = EXCLUDED.details, title = EXCLUDED.title
       RETURNING ${COLUMNS}, (xmax = 0) AS created`,
      [alert.source, alert.key, alert.title, alert.details, now],
    );
    const { created, ...row } = rows[0]!;
    return { alert: row, created };
  }

  /** Resolves the open alert with this key, if there is one. */
  async resolveOpenByKey(key: string, resolution: Resolution): Promise<Alert | null> {
    const rows = await queryRows<Alert>(
      this.dataSource,
      `UPDATE alerts SET state = 'resolved', resolved_at = $2, resolved_by = $3, resolution_note = $4 WHERE key = $1 AND state = 'open' RETURNING ${COLUMNS}`,
      [key, resolution.at, resolution.by, resolution.note],
    );
    return rows[0] ?? null;
  }

  /** Resolves the alert if it is still open; null when it was resolved meanwhile. */
  async resolveOpenById(id: string, resolution: Resolution): Promise<Alert | null> {
    const rows = await queryRows<Alert>(
      this.dataSource,
      `UPDATE alerts SET state = 'resolved', resolved_at = $2, resolved_by = $3, resolution_note = $4 WHERE id = $1 AND state = 'open' RETURNING ${COLUMNS}`,
      [id, resolution.at, resolution.by, resolution.note],
    );
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<Alert | null> {
    const rows = await queryRows<Alert>(this.dataSource, `SELECT ${COLUMNS} FROM alerts WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Oldest first. */
  listOpen(limit: number): Promise<Alert[]> {
    return queryRows<Alert>(this.dataSource, `SELECT ${COLUMNS} FROM alerts WHERE state = 'open' ORDER BY raised_at, id LIMIT $1`, [limit]);
  }

  async countOpen(): Promise<number> {
    const rows = await queryRows<{ n: number }>(this.dataSource, `SELECT count(*)::int AS n FROM alerts WHERE state = 'open'`);
    return rows[0]?.n ?? 0;
  }
}

export interface Resolution {
  readonly at: Date;
  readonly by: string;
  readonly note: string | null;
}
