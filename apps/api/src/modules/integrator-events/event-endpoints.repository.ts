import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IntegratorEventType } from '@sendbook/queue';
import { queryRows } from '../../database/query-rows.js';
import type { EventEndpoint } from './event-endpoint.entity.js';

const COLUMNS = `id, url, description, events, secret, enabled, disabled_reason AS "disabledReason", consecutive_failures AS "consecutiveFailures",
  failing_since AS "failingSince", created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

export interface EndpointChanges {
  readonly url?: string;
  readonly description?: string | null;
  readonly events?: readonly IntegratorEventType[];
  readonly enabled?: boolean;
}

/** The only code that builds SQL for event endpoints. */
@Injectable()
export class EventEndpointsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    e: { url: string; description: string | null; events: readonly IntegratorEventType[]; secret: string; createdBy: string },
    now: Date,
  ): Promise<EventEndpoint> {
    const [row] = await queryRows<EventEndpoint>(
      this.dataSource,
      `INSERT INTO event_endpoints (url, description, events, secret, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
      [e.url, e.description, e.events, e.secret, e.createdBy, now],
    );
    return row!;
  }

  list(): Promise<EventEndpoint[]> {
    return queryRows<EventEndpoint>(this.dataSource, `SELECT ${COLUMNS} FROM event_endpoints ORDER BY created_at DESC, id`);
  }

  async findById(id: string): Promise<EventEndpoint | null> {
    const rows = await queryRows<EventEndpoint>(this.dataSource, `SELECT ${COLUMNS} FROM event_endpoints WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Enabling clears the failure streak, so a mended endpoint is not disabled again by its past. */
  async update(id: string, c: EndpointChanges, now: Date): Promise<EventEndpoint | null> {
    const rows = await queryRows<EventEndpoint>(
      this.dataSource,
      `UPDATE event_endpoints SET
          url = COALESCE($2, url),
          description = CASE WHEN $3::boolean THEN $4 ELSE description END,
          events = COALESCE($5, events),
          enabled = COALESCE($6, enabled),
          disabled_reason = CASE WHEN $6::boolean IS NULL THEN disabled_reason WHEN $6 THEN NULL ELSE 'admin' END,
          consecutive_failures = CASE WHEN $6 AND NOT enabled THEN 0 ELSE consecutive_failures END,
          failing_since = CASE WHEN $6 AND NOT enabled THEN NULL ELSE failing_since END,
          updated_at = $7
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, c.url ?? null, c.description !== undefined, c.description ?? null, c.events ?? null, c.enabled ?? null, now],
    );
    return rows[0] ?? null;
  }

  async delete(id: string): Promise<boolean> {
    return (await queryRows(this.dataSource, `DELETE FROM event_endpoints WHERE id = $1 RETURNING id`, [id])).length === 1;
  }

  /** A success ends the failure streak. */
  async recordSuccess(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE event_endpoints SET consecutive_failures = 0, failing_since = NULL WHERE id = $1 AND consecutive_failures > 0`, [id]);
  }

  async recordFailure(id: string, now: Date): Promise<{ consecutiveFailures: number; failingSince: Date; enabled: boolean } | null> {
    const rows = await queryRows<{ consecutiveFailures: number; failingSince: Date; enabled: boolean }>(
      this.dataSource,
      `UPDATE event_endpoints SET consecutive_failures = consecutive_failures + 1, failing_since = COALESCE(failing_since, $2)
        WHERE id = $1 RETURNING consecutive_failures AS "consecutiveFailures", failing_since AS "failingSince", enabled`,
      [id, now],
    );
    return rows[0] ?? null;
  }

  /** Disables once: null when it was disabled already (by an admin or another worker). */
  async disableFailing(id: string, now: Date): Promise<EventEndpoint | null> {
    const rows = await queryRows<EventEndpoint>(
      this.dataSource,
      `UPDATE event_endpoints SET enabled = false, disabled_reason = 'failing', updated_at = $2 WHERE id = $1 AND enabled RETURNING ${COLUMNS}`,
      [id, now],
    );
    return rows[0] ?? null;
  }
}
