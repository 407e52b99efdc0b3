import { Injectable } from '@nestjs/common';
import type { BusinessHours, CustomerWaitChange, Seat, TeamRules, ThreadWait, WaitingFor } from '@sendbook/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

/** A thread as team work reads it, locked, with the rules of the team its number is routed to. */
export interface TeamThread extends ThreadWait {
  readonly state: 'open' | 'closed';
  readonly phoneNumberId: string;
  readonly waitingFor: WaitingFor | null;
  readonly responseDueAt: Date | null;
  readonly slaBreachedAt: Date | null;
  readonly assignedAt: Date | null;
  readonly teamId: string | null;
  readonly team: TeamRules | null;
}

/** A team that hands conversations out by itself. */
export interface AutoTeam {
  readonly id: string;
  readonly mode: 'round_robin' | 'balanced';
  readonly maxOpen: number;
  readonly reassignAfterSeconds: number | null;
  readonly businessHours: BusinessHours | null;
}

export interface Breach {
  readonly id: string;
  readonly assignee: string | null;
  readonly teamId: string | null;
  readonly waitingFor: WaitingFor;
  readonly waitingSince: Date;
  readonly dueAt: Date;
}

export interface OwedOutOfOffice {
  readonly id: string;
  readonly key: string;
  readonly text: string | null;
}

const THREAD_SELECT = `
  SELECT c.id, c.state, c.phone_number_id, c.assignee, c.waiting_since, c.waiting_for, c.response_due_at, c.sla_breached_at,
         c.opened_at, c.last_reply_at, c.needs_assignee_since, c.assigned_at,
         t.id AS team_id, t.assignment_mode, t.first_response_seconds, t.next_response_seconds, t.business_hours, t.out_of_office_text
    FROM conversations c
    LEFT JOIN team_numbers n ON n.phone_number_id = c.phone_number_id
    LEFT JOIN teams t ON t.id = n.team_id`;

const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

function toThread(r: Record<string, unknown>): TeamThread {
  return {
    id: r.id as string,
    state: r.state as 'open' | 'closed',
    phoneNumberId: r.phone_number_id as string,
    assignee: (r.assignee as string | null) ?? null,
    waitingSince: date(r.waiting_since),
    waitingFor: (r.waiting_for as WaitingFor | null) ?? null,
    responseDueAt: date(r.response_due_at),
    slaBreachedAt: date(r.sla_breached_at),
    openedAt: new Date(r.opened_at as string),
    lastReplyAt: date(r.last_reply_at),
    needsAssigneeSince: date(r.needs_assignee_since),
    assignedAt: date(r.assigned_at),
    teamId: (r.team_id as string | null) ?? null,
    team: r.team_id
      ? {
          assignmentMode: r.assignment_mode as TeamRules['assignmentMode'],
          firstResponseSeconds: (r.first_response_seconds as number | null) ?? null,
          nextResponseSeconds: (r.next_response_seconds as number | null) ?? null,
          businessHours: (r.business_hours as BusinessHours | null) ?? null,
          outOfOfficeText: (r.out_of_office_text as string | null) ?? null,
        }
      : null,
  };
}

/**
 * The SQL of team work on conversations: customers' waits and their targets, the backlog of
 * automatic assignment and assignments, out-of-office replies owed. Every write here runs in the
 * caller's transaction, after the thread's row lock, so its audit row commits with it.
 */
@Injectable()
export class TeamWorkRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The threads locked in id order (as every writer of several threads locks them: no deadlock). */
  async lockThreads(tx: EntityManager, ids: readonly string[]): Promise<TeamThread[]> {
    if (ids.length === 0) return [];
    const locked = await queryRows<{ id: string }>(tx, `SELECT id FROM conversations WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
    if (locked.length === 0) return [];
    return (await queryRows<Record<string, unknown>>(tx, `${THREAD_SELECT} WHERE c.id = ANY($1::uuid[]) ORDER BY c.id`, [ids])).map(toThread);
  }

  async thread(db: EntityManager | DataSource, id: string): Promise<TeamThread | null> {
    const [row] = await queryRows<Record<string, unknown>>(db, `${THREAD_SELECT} WHERE c.id = $1`, [id]);
    return row ? toThread(row) : null;
  }

  /** What a customer's message changed (customerWrote), written to the locked thread. */
  async applyCustomerWait(tx: EntityManager, id: string, change: CustomerWaitChange, now: Date): Promise<void> {
    await tx.query(
      `UPDATE conversations SET
         waiting_since = CASE WHEN $2::boolean THEN $3::timestamptz ELSE waiting_since END,
         waiting_for = CASE WHEN $2::boolean THEN $4::text ELSE waiting_for END,
         response_due_at = CASE WHEN $2::boolean THEN $5::timestamptz ELSE response_due_at END,
         sla_breached_at = CASE WHEN $2::boolean THEN NULL ELSE sla_breached_at END,
         needs_assignee_since = coalesce(needs_assignee_since, $6::timestamptz),
         out_of_office_due = coalesce($7::text, out_of_office_due),
         updated_at = $8
       WHERE id = $1`,
      [
        id,
        change.waiting !== undefined,
        change.waiting?.since ?? null,
        change.waiting?.for ?? null,
        change.waiting?.dueAt ?? null,
        change.needsAssigneeSince ?? null,
        change.outOfOfficeKey ?? null,
        now,
      ],
    );
  }

  /** A staff reply: the wait ends. */
  async answered(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.query(
      `UPDATE conversations SET waiting_since = NULL, waiting_for = NULL, response_due_at = NULL, sla_breached_at = NULL, last_reply_at = $2, updated_at = $2
        WHERE id = $1`,
      [id, now],
    );
  }

  /** Closing ends every wait: the customer's, the backlog's, an out-of-office reply not yet sent. */
  async closed(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.query(
      `UPDATE conversations SET state = 'closed', snoozed_at = NULL, snoozed_until = NULL, waiting_since = NULL, waiting_for = NULL,
              response_due_at = NULL, sla_breached_at = NULL, needs_assignee_since = NULL, out_of_office_due = NULL, updated_at = $2
        WHERE id = $1`,
      [id, now],
    );
  }

  /** Reopened by hand: a new open stretch (its first reply is a first response again). */
  async reopened(tx: EntityManager, id: string, now: Date): Promise<void> {
    await tx.query(`UPDATE conversations SET state = 'open', opened_at = $2, updated_at = $2 WHERE id = $1`, [id, now]);
  }

  /** Assigns (or unassigns) the locked thread; it leaves the backlog either way. */
  async setAssignee(tx: EntityManager, id: string, assignee: string | null, now: Date): Promise<void> {
    await tx.query(
      `UPDATE conversations SET assignee = $2, assigned_at = CASE WHEN $2::text IS NULL THEN NULL ELSE $3::timestamptz END, needs_assignee_since = NULL, updated_at = $3 WHERE id = $1`,
      [id, assignee, now],
    );
  }

  /** Unassigned by hand while its customer waits and its team assigns: back in the backlog, where it was in line. */
  async backToBacklog(tx: EntityManager, id: string, since: Date, now: Date): Promise<void> {
    await tx.query(`UPDATE conversations SET needs_assignee_since = $2, updated_at = $3 WHERE id = $1 AND assignee IS NULL AND state = 'open'`, [
      id,
      since,
      now,
    ]);
  }

  // ---- response targets ----------------------------------------------------------------------

  /** Waits whose target has passed, marked breached (SKIP LOCKED: processes share them, each once). */
  async breachDue(tx: EntityManager, now: Date, limit: number): Promise<Breach[]> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      `WITH due AS (
         SELECT id FROM conversations
          WHERE response_due_at <= $1 AND sla_breached_at IS NULL AND waiting_since IS NOT NULL AND state = 'open'
          ORDER BY response_due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE conversations c SET sla_breached_at = $1, updated_at = $1 FROM due WHERE c.id = due.id
       RETURNING c.id, c.assignee, c.waiting_for, c.waiting_since, c.response_due_at,
                 (SELECT n.team_id FROM team_numbers n WHERE n.phone_number_id = c.phone_number_id) AS team_id`,
      [now, limit],
    );
    return rows.map((r) => ({
      id: r.id as string,
      assignee: (r.assignee as string | null) ?? null,
      teamId: (r.team_id as string | null) ?? null,
      waitingFor: r.waiting_for as WaitingFor,
      waitingSince: new Date(r.waiting_since as string),
      dueAt: new Date(r.response_due_at as string),
    }));
  }

  // ---- assignment ----------------------------------------------------------------------------

  /** Teams that assign by themselves, with something to do: a backlog, or a reassignment rule. */
  async autoTeams(db: EntityManager | DataSource = this.dataSource, only?: readonly string[]): Promise<AutoTeam[]> {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      `SELECT t.id, t.assignment_mode, t.max_open, t.reassign_after_seconds, t.business_hours FROM teams t
        WHERE t.assignment_mode <> 'manual' AND ($1::uuid[] IS NULL OR t.id = ANY($1::uuid[]))
          AND (t.reassign_after_seconds IS NOT NULL OR EXISTS (
                SELECT 1 FROM team_numbers n JOIN conversations c ON c.phone_number_id = n.phone_number_id
                 WHERE n.team_id = t.id AND c.needs_assignee_since IS NOT NULL))
        ORDER BY t.id`,
      [only ?? null],
    );
    return rows.map((r) => ({
      id: r.id as string,
      mode: r.assignment_mode as AutoTeam['mode'],
      maxOpen: Number(r.max_open),
      reassignAfterSeconds: (r.reassign_after_seconds as number | null) ?? null,
      businessHours: (r.business_hours as BusinessHours | null) ?? null,
    }));
  }

  /** The teams a staff member is in that assign by themselves. */
  async autoTeamsOf(staffId: string): Promise<string[]> {
    const rows = await queryRows<{ team_id: string }>(
      this.dataSource,
      `SELECT m.team_id FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.staff_id = $1 AND t.assignment_mode <> 'manual'`,
      [staffId],
    );
    return rows.map((r) => r.team_id);
  }

  /** Every active member of the team (the caller keeps those online), available ones only, with their open conversations. */
  async seats(tx: EntityManager, teamId: string): Promise<Seat[]> {
    const rows = await queryRows<{ staff_id: string; last_assigned_at: Date | null; open: string }>(
      tx,
      `SELECT m.staff_id, m.last_assigned_at,
              (SELECT count(*) FROM conversations c WHERE c.assignee = m.staff_id::text AND c.state = 'open') AS open
         FROM team_members m JOIN staff s ON s.id = m.staff_id
        WHERE m.team_id = $1 AND s.active AND s.availability = 'available'
        ORDER BY m.staff_id`,
      [teamId],
    );
    return rows.map((r) => ({ staffId: r.staff_id, open: Number(r.open), lastAssignedAt: date(r.last_assigned_at) }));
  }

  /** The team's backlog, oldest first (snoozed threads wait for their time). */
  async backlog(tx: EntityManager, teamId: string, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `SELECT c.id FROM conversations c JOIN team_numbers n ON n.phone_number_id = c.phone_number_id
        WHERE n.team_id = $1 AND c.needs_assignee_since IS NOT NULL AND c.state = 'open' AND c.assignee IS NULL AND c.snoozed_at IS NULL
        ORDER BY c.needs_assignee_since, c.id LIMIT $2 FOR UPDATE OF c`,
      [teamId, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Assigned threads whose customer has waited on the assignee since before `before` (wall time; the caller counts business time). */
  async unanswered(tx: EntityManager, teamId: string, before: Date, limit: number): Promise<{ id: string; assignee: string; since: Date }[]> {
    const rows = await queryRows<{ id: string; assignee: string; since: Date }>(
      tx,
      `SELECT c.id, c.assignee, GREATEST(c.waiting_since, c.assigned_at) AS since
         FROM conversations c JOIN team_numbers n ON n.phone_number_id = c.phone_number_id
        WHERE n.team_id = $1 AND c.state = 'open' AND c.assignee IS NOT NULL AND c.waiting_since IS NOT NULL AND c.snoozed_at IS NULL
          AND GREATEST(c.waiting_since, c.assigned_at) <= $2
        ORDER BY c.waiting_since, c.id LIMIT $3 FOR UPDATE OF c`,
      [teamId, before, limit],
    );
    return rows.map((r) => ({ id: r.id, assignee: r.assignee, since: new Date(r.since) }));
  }

  /** Assigns when the thread is still as planned (open, held by `from`): false when it changed meanwhile. */
  async assignIf(tx: EntityManager, id: string, from: string | null, to: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `UPDATE conversations SET assignee = $3, assigned_at = $4, needs_assignee_since = NULL, updated_at = $4
        WHERE id = $1 AND state = 'open' AND assignee IS NOT DISTINCT FROM $2 RETURNING id`,
      [id, from, to, now],
    );
    return rows.length === 1;
  }

  // ---- out of office -------------------------------------------------------------------------

  /** Replies owed since before `before` (older ones: the process that owed them may be gone). */
  async owedOutOfOffice(before: Date, limit: number): Promise<OwedOutOfOffice[]> {
    const rows = await queryRows<{ id: string; key: string; text: string | null }>(
      this.dataSource,
      `SELECT c.id, c.out_of_office_due AS key, t.out_of_office_text AS text FROM conversations c
         LEFT JOIN team_numbers n ON n.phone_number_id = c.phone_number_id LEFT JOIN teams t ON t.id = n.team_id
        WHERE c.out_of_office_due IS NOT NULL AND c.updated_at <= $1 ORDER BY c.updated_at LIMIT $2`,
      [before, limit],
    );
    return rows;
  }

  /** The reply is in the outbox: nothing owed (unless a newer closed period owes another meanwhile). */
  async outOfOfficeSent(id: string, key: string): Promise<void> {
    await this.dataSource.query(`UPDATE conversations SET out_of_office_due = NULL WHERE id = $1 AND out_of_office_due = $2`, [id, key]);
  }
}
