import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

export interface AuditEntry {
  readonly actor: string;
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string | null;
  readonly details?: Record<string, unknown> | null;
  readonly ip?: string | null;
}

export interface AuditRow {
  at: Date;
  actor: string;
  action: string;
  details: Record<string, unknown> | null;
}

/** Names for actor strings: staff by display name, keys by their name. */
export interface ActorRow {
  kind: 'staff' | 'api_key';
  id: string;
  name: string;
}

@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** In the caller's transaction when given one, so the entry commits with the change it records. */
  async record(entry: AuditEntry, at: Date, db: EntityManager | DataSource = this.dataSource): Promise<void> {
    await db.query(`INSERT INTO audit_events (at, actor, action, subject_type, subject_id, details, ip) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`, [
      at,
      entry.actor,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      entry.details ? JSON.stringify(entry.details) : null,
      entry.ip ?? null,
    ]);
  }

  /** The trail of one subject, oldest first. */
  forSubject(subjectType: string, subjectId: string, limit = 500): Promise<AuditRow[]> {
    return queryRows<AuditRow>(
      this.dataSource,
      `SELECT at, actor, action, details FROM audit_events WHERE subject_type = $1 AND subject_id = $2 ORDER BY at, id LIMIT $3`,
      [subjectType, subjectId, limit],
    );
  }

  /** How often each subject saw an action (e.g. how many times a message was resent). */
  async countBySubject(subjectType: string, subjectIds: readonly string[], action: string): Promise<Map<string, number>> {
    const rows = await queryRows<{ subject_id: string; n: string }>(
      this.dataSource,
      `SELECT subject_id, count(*) AS n FROM audit_events WHERE subject_type = $1 AND subject_id = ANY($2::text[]) AND action = $3 GROUP BY subject_id`,
      [subjectType, subjectIds, action],
    );
    return new Map(rows.map((r) => [r.subject_id, Number(r.n)]));
  }

  /** Staff members and keys by id, to name the actors of a trail (the ids are uuids, checked by the caller). */
  actors(staffIds: readonly string[], apiKeyIds: readonly string[]): Promise<ActorRow[]> {
    return queryRows<ActorRow>(
      this.dataSource,
      `SELECT 'staff' AS kind, id::text AS id, name FROM staff WHERE id = ANY($1::uuid[])
       UNION ALL
       SELECT 'api_key' AS kind, id::text AS id, name FROM api_keys WHERE id = ANY($2::uuid[])`,
      [staffIds, apiKeyIds],
    );
  }
}
