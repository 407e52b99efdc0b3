import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IntegratorEventType } from '@sendbook/queue';
import { queryRows } from '../../database/query-rows.js';
import type { EndpointFilter, EventEndpoint, StoredPreviousSecret } from './event-endpoint.entity.js';

const COLUMNS = `id, url, description, events, secret, previous_secrets AS "previousSecrets", secret_rotated_at AS "secretRotatedAt", filter,
  rate_per_second AS "ratePerSecond", enabled, disabled_reason AS "disabledReason", consecutive_failures AS "consecutiveFailures",
  failing_since AS "failingSince", created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** What a PATCH changes; undefined leaves a field as it is, null (where allowed) clears it. */
export interface EndpointChanges {
  readonly url?: string;
  readonly description?: string | null;
  readonly events?: readonly IntegratorEventType[];
  readonly enabled?: boolean;
  readonly filter?: EndpointFilter | null;
  readonly ratePerSecond?: number | null;
}

export interface NewEndpoint {
  readonly url: string;
  readonly description: string | null;
  readonly events: readonly IntegratorEventType[];
  readonly secret: string;
  readonly filter: EndpointFilter | null;
  readonly ratePerSecond: number | null;
  readonly createdBy: string;
}

/** The only code that builds SQL for event endpoints. */
@Injectable()
export class EventEndpointsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(e: NewEndpoint, now: Date): Promise<EventEndpoint> {
    const [row] = await queryRows<EventEndpoint>(
      this.dataSource,
      `INSERT INTO event_endpoints (url, description, events, secret, filter, rate_per_second, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
      [e.url, e.description, e.events, e.secret, e.filter === null ? null : JSON.stringify(e.filter), e.ratePerSecond, e.createdBy, now],
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
          filter = CASE WHEN $8::boolean THEN $9::jsonb ELSE filter END,
          rate_per_second = CASE WHEN $10::boolean THEN $11::integer ELSE rate_per_second END,
          updated_at = $7
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        c.url ?? null,
        c.description !== undefined,
        c.description ?? null,
        c.events ?? null,
        c.enabled ?? null,
        now,
        c.filter !== undefined,
        c.filter ? JSON.stringify(c.filter) : null,
        c.ratePerSecond !== undefined,
        c.ratePerSecond ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  /**
   * A new signing secret (sealed) and the previous ones that keep signing, written only if the
   * endpoint still has the secret the rotation replaced (`replaced`): null when it does not (a
   * concurrent rotation won, or it is gone).
   */
  async rotateSecret(
    id: string,
    replaced: string,
    next: { secret: string; previous: readonly StoredPreviousSecret[] },
    now: Date,
  ): Promise<EventEndpoint | null> {
    const rows = await queryRows<EventEndpoint>(
      this.dataSource,
      `UPDATE event_endpoints SET secret = $3, previous_secrets = $4::jsonb, secret_rotated_at = $5, updated_at = $5
        WHERE id = $1 AND secret = $2 RETURNING ${COLUMNS}`,
      [id, replaced, next.secret, JSON.stringify(next.previous), now],
    );
    return rows[0] ?? null;
  }

  /** Forgets previous secrets past their expiry (they sign nothing any more); how many endpoints changed. */
  async forgetExpiredSecrets(now: Date): Promise<number> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE event_endpoints SET previous_secrets = COALESCE(
           (SELECT jsonb_agg(p ORDER BY p->>'expires_at' DESC) FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'expires_at')::timestamptz > $1), '[]'::jsonb)
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE (p->>'expires_at')::timestamptz <= $1)
        RETURNING id`,
      [now],
    );
    return rows.length;
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
