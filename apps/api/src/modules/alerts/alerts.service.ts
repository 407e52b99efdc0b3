import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { queryRows } from '../../database/query-rows.js';
import { EventsPublisher } from '../events/events.publisher.js';
import type { Alert } from './alert.entity.js';

export interface RaiseAlert {
  /** The module raising it, e.g. `metrics` or `outbox`. */
  readonly source: string;
  /** One open alert per key: raising the same key while it is open only refreshes it. */
  readonly key: string;
  readonly title: string;
  readonly details?: Record<string, unknown> | null;
}

const COLUMNS = `id, source, key, title, details, state, raised_at AS "raisedAt", last_raised_at AS "lastRaisedAt", raise_count AS "raiseCount",
  resolved_at AS "resolvedAt", resolved_by AS "resolvedBy", resolution_note AS "resolutionNote"`;

/** Alerts as work items: raised by any module, listed under kind=alert, resolved by a person. */
@Injectable()
export class AlertsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly events: EventsPublisher,
  ) {}

  /** Idempotent while open: returns the open alert for the key, created now or earlier. */
  async raise(alert: RaiseAlert): Promise<{ alert: Alert; created: boolean }> {
    const now = this.clock.now();
    const rows: (Alert & { created: boolean })[] = await this.dataSource.query(
      `INSERT INTO alerts (source, key, title, details, state, raised_at, last_raised_at) VALUES ($1, $2, $3, $4, 'open', $5, $5)
       ON CONFLICT (key) WHERE state = 'open'
       DO UPDATE SET last_raised_at = EXCLUDED.last_raised_at, raise_count = alerts.raise_count + 1, details = EXCLUDED.details, title = EXCLUDED.title
       RETURNING ${COLUMNS}, (xmax = 0) AS created`,
      [alert.source, alert.key, alert.title, alert.details ?? null, now],
    );
    const { created, ...row } = rows[0]!;
    if (created) {
      this.logger.event('warn', 'alert.raised', { key: alert.key, source: alert.source, title: alert.title });
      this.events.publish('work_item.changed', { kind: 'alert', change: 'created', alert_id: row.id, key: row.key });
    }
    return { alert: row, created };
  }

  /** Closes the open alert for the key, if any (for a module whose condition cleared). */
  async resolve(key: string, by = 'system', note: string | null = null): Promise<Alert | null> {
    const rows = await queryRows<Alert>(
      this.dataSource,
      `UPDATE alerts SET state = 'resolved', resolved_at = $2, resolved_by = $3, resolution_note = $4 WHERE key = $1 AND state = 'open' RETURNING ${COLUMNS}`,
      [key, this.clock.now(), by, note],
    );
    if (rows[0]) this.resolved(rows[0]);
    return rows[0] ?? null;
  }

  /** A person resolves an alert by id; who, when and the note are kept on it. */
  async resolveById(id: string, by: string, note: string | null): Promise<Alert> {
    const current = await this.get(id);
    if (current.state !== 'open') throw new DomainError(ErrorCode.InvalidStateTransition, `the alert is already resolved (by ${current.resolvedBy ?? 'unknown'})`);
    const rows = await queryRows<Alert>(
      this.dataSource,
      `UPDATE alerts SET state = 'resolved', resolved_at = $2, resolved_by = $3, resolution_note = $4 WHERE id = $1 AND state = 'open' RETURNING ${COLUMNS}`,
      [id, this.clock.now(), by, note],
    );
    if (!rows[0]) throw new DomainError(ErrorCode.InvalidStateTransition, 'the alert changed meanwhile; look again');
    this.resolved(rows[0]);
    return rows[0];
  }

  async get(id: string): Promise<Alert> {
    const rows: Alert[] = /^[0-9a-f-]{36}$/i.test(id) ? await this.dataSource.query(`SELECT ${COLUMNS} FROM alerts WHERE id = $1`, [id]) : [];
    if (!rows[0]) throw DomainError.notFound('alert');
    return rows[0];
  }

  listOpen(limit: number): Promise<Alert[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM alerts WHERE state = 'open' ORDER BY raised_at, id LIMIT $1`, [limit]);
  }

  async openCount(): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n FROM alerts WHERE state = 'open'`);
    return rows[0]?.n ?? 0;
  }

  private resolved(alert: Alert): void {
    this.logger.event('info', 'alert.resolved', { key: alert.key, by: alert.resolvedBy });
    this.events.publish('work_item.changed', { kind: 'alert', change: 'resolved', alert_id: alert.id, key: alert.key });
  }
}

/** The public alert resource (snake_case). */
export function presentAlert(a: Alert) {
  return {
    id: a.id,
    source: a.source,
    key: a.key,
    title: a.title,
    details: a.details,
    state: a.state,
    raised_at: a.raisedAt.toISOString(),
    last_raised_at: a.lastRaisedAt.toISOString(),
    raise_count: a.raiseCount,
    resolved_at: a.resolvedAt?.toISOString() ?? null,
    resolved_by: a.resolvedBy,
    resolution_note: a.resolutionNote,
  };
}
