import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AssignmentMode, BusinessHours } from '@sendbook/queue';
import { jsonbParam } from '../../database/jsonb-param.js';
import { queryRows } from '../../database/query-rows.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { Team } from './team.entity.js';

export interface TeamMemberRow {
  id: string;
  name: string;
  role: 'agent' | 'admin';
  active: boolean;
}

/** A `teams` row with its members (by name) and numbers (sorted). */
export interface TeamRow extends Team {
  members: TeamMemberRow[];
  phoneNumberIds: string[];
}

export interface TeamSettings {
  name?: string;
  assignmentMode?: AssignmentMode;
  maxOpen?: number;
  firstResponseSeconds?: number | null;
  nextResponseSeconds?: number | null;
  businessHours?: BusinessHours | null;
  reassignAfterSeconds?: number | null;
  outOfOfficeText?: string | null;
}

const SELECT = `SELECT t.*,
    coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'role', s.role, 'active', s.active) ORDER BY lower(s.name), s.id)
                FROM team_members m JOIN staff s ON s.id = m.staff_id WHERE m.team_id = t.id), '[]') AS member_rows,
    coalesce((SELECT array_agg(n.phone_number_id ORDER BY n.phone_number_id) FROM team_numbers n WHERE n.team_id = t.id), '{}') AS number_ids
  FROM teams t`;

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/** The only code that writes `teams`, `team_members` and `team_numbers`. */
@Injectable()
export class TeamsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<TeamRow[]> {
    return (await queryRows<Record<string, unknown>>(this.dataSource, `${SELECT} ORDER BY t.name_key, t.id`)).map((raw) => this.toRow(raw));
  }

  async find(id: string, db: EntityManager | DataSource = this.dataSource): Promise<TeamRow | null> {
    const [row] = await queryRows<Record<string, unknown>>(db, `${SELECT} WHERE t.id = $1`, [id]);
    return row ? this.toRow(row) : null;
  }

  /** The given staff ids that are unknown or inactive, each with why. */
  async unfitStaff(ids: readonly string[], db: EntityManager | DataSource = this.dataSource): Promise<Map<string, 'unknown' | 'inactive'>> {
    const found = await queryRows<{ id: string; active: boolean }>(db, `SELECT id, active FROM staff WHERE id = ANY($1::uuid[])`, [ids]);
    const active = new Map(found.map((s) => [s.id, s.active]));
    return new Map(ids.flatMap((id) => (active.get(id) === true ? [] : [[id, active.has(id) ? ('inactive' as const) : ('unknown' as const)]])));
  }

  /** Null when another team has the name (ignoring case). */
  async insert(settings: Required<TeamSettings> & { name: string }, now: Date, tx: EntityManager): Promise<string | null> {
    const [row] = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO teams (name, name_key, assignment_mode, max_open, first_response_seconds, next_response_seconds, business_hours, created_at, updated_at,
                          reassign_after_seconds, out_of_office_text)
       VALUES ($1, lower($1), $2, $3, $4, $5, $6::jsonb, $7, $7, $8, $9) ON CONFLICT (name_key) DO NOTHING RETURNING id`,
      [
        settings.name,
        settings.assignmentMode,
        settings.maxOpen,
        settings.firstResponseSeconds,
        settings.nextResponseSeconds,
        settings.businessHours === null ? null : jsonbParam(settings.businessHours),
        now,
        settings.reassignAfterSeconds,
        settings.outOfOfficeText,
      ],
    );
    return row?.id ?? null;
  }

  /** The team row locked for the change; `missing` when there is none, `taken` when the new name is another's. */
  async update(id: string, changes: TeamSettings, now: Date, tx: EntityManager): Promise<'updated' | 'missing' | 'taken'> {
    const has = (key: keyof TeamSettings) => changes[key] !== undefined;
    try {
      const rows = await queryRows<{ id: string }>(
        tx,
        `UPDATE teams SET
           name = CASE WHEN $2 THEN $3 ELSE name END, name_key = CASE WHEN $2 THEN lower($3) ELSE name_key END,
           assignment_mode = coalesce($4, assignment_mode), max_open = coalesce($5, max_open),
           first_response_seconds = CASE WHEN $6 THEN $7::integer ELSE first_response_seconds END,
           next_response_seconds = CASE WHEN $8 THEN $9::integer ELSE next_response_seconds END,
           business_hours = CASE WHEN $10 THEN $11::jsonb ELSE business_hours END,
           reassign_after_seconds = CASE WHEN $13 THEN $14::integer ELSE reassign_after_seconds END,
           out_of_office_text = CASE WHEN $15 THEN $16::text ELSE out_of_office_text END,
           updated_at = $12
         WHERE id = $1 RETURNING id`,
        [
          id,
          has('name'),
          changes.name ?? null,
          changes.assignmentMode ?? null,
          changes.maxOpen ?? null,
          has('firstResponseSeconds'),
          changes.firstResponseSeconds ?? null,
          has('nextResponseSeconds'),
          changes.nextResponseSeconds ?? null,
          has('businessHours'),
          changes.businessHours ? jsonbParam(changes.businessHours) : null,
          now,
          has('reassignAfterSeconds'),
          changes.reassignAfterSeconds ?? null,
          has('outOfOfficeText'),
          changes.outOfOfficeText ?? null,
        ],
      );
      return rows.length > 0 ? 'updated' : 'missing';
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /**
   * Automatic assignment gave these members conversations in this order: each member's last one
   * is when round robin last served them (a millisecond apart, so the order survives the plan).
   */
  async markAssigned(teamId: string, staffInOrder: readonly string[], now: Date, tx: EntityManager): Promise<void> {
    if (staffInOrder.length === 0) return;
    const last = new Map<string, Date>();
    staffInOrder.forEach((staffId, i) => last.set(staffId, new Date(now.getTime() + i)));
    await tx.query(
      `UPDATE team_members m SET last_assigned_at = u.at FROM unnest($2::uuid[], $3::timestamptz[]) AS u(staff_id, at) WHERE m.team_id = $1 AND m.staff_id = u.staff_id`,
      [teamId, [...last.keys()], [...last.values()]],
    );
  }

  /** The team's members become exactly these. */
  async replaceMembers(teamId: string, staffIds: readonly string[], tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM team_members WHERE team_id = $1 AND NOT (staff_id = ANY($2::uuid[]))`, [teamId, staffIds]);
    await tx.query(`INSERT INTO team_members (team_id, staff_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [teamId, staffIds]);
  }

  /**
   * The team's numbers become exactly these, unless some are routed to another team: then nothing
   * changes and those are returned with the team holding each (the primary key decides a race).
   */
  async replaceNumbers(
    teamId: string,
    numberIds: readonly string[],
    tx: EntityManager,
  ): Promise<{ phoneNumberId: string; teamId: string; teamName: string }[]> {
    await tx.query(`DELETE FROM team_numbers WHERE team_id = $1 AND NOT (phone_number_id = ANY($2::text[]))`, [teamId, numberIds]);
    const inserted = await queryRows<{ phone_number_id: string }>(
      tx,
      `INSERT INTO team_numbers (phone_number_id, team_id) SELECT unnest($2::text[]), $1 ON CONFLICT (phone_number_id) DO NOTHING RETURNING phone_number_id`,
      [teamId, numberIds],
    );
    const taken = new Set(numberIds);
    for (const row of inserted) taken.delete(row.phone_number_id);
    if (taken.size === 0) return [];
    const held = await queryRows<{ phone_number_id: string; team_id: string; name: string }>(
      tx,
      `SELECT n.phone_number_id, n.team_id, t.name FROM team_numbers n JOIN teams t ON t.id = n.team_id WHERE n.phone_number_id = ANY($1::text[]) AND n.team_id <> $2 ORDER BY n.phone_number_id`,
      [[...taken], teamId],
    );
    return held.map((h) => ({ phoneNumberId: h.phone_number_id, teamId: h.team_id, teamName: h.name }));
  }

  /** Deletes once (members and numbers go with it): the name of what was deleted, or null when there was nothing. */
  async delete(id: string): Promise<{ name: string; phoneNumberIds: string[] } | null> {
    return this.dataSource.transaction(async (tx) => {
      const numbers = await queryRows<{ phone_number_id: string }>(tx, `SELECT phone_number_id FROM team_numbers WHERE team_id = $1 FOR UPDATE`, [id]);
      const [row] = await queryRows<{ name: string }>(tx, `DELETE FROM teams WHERE id = $1 RETURNING name`, [id]);
      return row ? { name: row.name, phoneNumberIds: numbers.map((n) => n.phone_number_id).sort() } : null;
    });
  }

  private toRow(raw: Record<string, unknown>): TeamRow {
    return {
      ...mapRawRow<Team>(this.dataSource.getMetadata(Team), raw),
      members: raw.member_rows as TeamMemberRow[],
      phoneNumberIds: raw.number_ids as string[],
    };
  }
}
