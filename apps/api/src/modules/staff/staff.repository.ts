import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { StaffRole } from '../../common/auth/principal.js';
import { queryRows } from '../../database/query-rows.js';
import type { SignInHistory } from './domain/login-throttle.js';
import { Staff } from './staff.entity.js';

export interface NewStaff {
  email: string;
  emailKey: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  inviteTokenHash: string | null;
  inviteExpiresAt: Date | null;
  createdBy: string | null;
}

/** A session with what is needed to decide whether it still lets its person in. */
export interface SessionRow {
  session_id: string;
  staff_id: string;
  last_seen_at: Date;
  expires_at: Date;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
}

@Injectable()
export class StaffRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  list(): Promise<Staff[]> {
    return this.dataSource.getRepository(Staff).find({ order: { active: 'DESC', name: 'ASC' } });
  }

  findById(id: string, db: EntityManager | DataSource = this.dataSource): Promise<Staff | null> {
    return db.getRepository(Staff).findOneBy({ id });
  }

  findByEmailKey(emailKey: string, db: EntityManager | DataSource = this.dataSource): Promise<Staff | null> {
    return db.getRepository(Staff).findOneBy({ emailKey });
  }

  findByInviteHash(hash: string, db: EntityManager | DataSource = this.dataSource): Promise<Staff | null> {
    return db.getRepository(Staff).findOneBy({ inviteTokenHash: hash });
  }

  /** The new member, or null when the email is taken (the unique index decides, not a prior read). */
  async insert(staff: NewStaff, db: EntityManager | DataSource = this.dataSource): Promise<Staff | null> {
    const rows = await queryRows<{ id: string }>(
      db,
      `INSERT INTO staff (email, email_key, name, role, password_hash, invite_token_hash, invite_expires_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (email_key) DO NOTHING RETURNING id`,
      [staff.email, staff.emailKey, staff.name, staff.role, staff.passwordHash, staff.inviteTokenHash, staff.inviteExpiresAt, staff.createdBy],
    );
    return rows[0] ? this.findById(rows[0].id, db) : null;
  }

  /**
   * Uses the link up and sets the password in one conditional UPDATE: of two tabs submitting the
   * same link at once, PostgreSQL lets one through. Null when the link is not (or no longer) usable.
   */
  async acceptInvite(hash: string, passwordHash: string, now: Date, tx: EntityManager): Promise<Staff | null> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `UPDATE staff SET password_hash = $2, invite_used_at = $3, updated_at = $3
        WHERE invite_token_hash = $1 AND invite_used_at IS NULL AND active AND invite_expires_at > $3
        RETURNING id`,
      [hash, passwordHash, now],
    );
    return rows[0] ? this.findById(rows[0].id, tx) : null;
  }

  async update(
    id: string,
    changes: Partial<Pick<Staff, 'name' | 'role' | 'active' | 'passwordHash' | 'inviteTokenHash' | 'inviteExpiresAt' | 'inviteUsedAt' | 'availability'>>,
    db: EntityManager | DataSource = this.dataSource,
  ): Promise<void> {
    await db.getRepository(Staff).update({ id }, changes);
  }

  /**
   * Merges the named settings into what the person chose before, in one statement: two tabs
   * changing different settings at once keep both. The stored value afterwards.
   */
  async mergeNotificationSettings(id: string, patch: Record<string, unknown>, now: Date, db: EntityManager | DataSource = this.dataSource): Promise<unknown> {
    const rows = await queryRows<{ notification_settings: unknown }>(
      db,
      `UPDATE staff SET notification_settings = COALESCE(notification_settings, '{}'::jsonb) || $2::jsonb, updated_at = $3
        WHERE id = $1 RETURNING notification_settings`,
      [id, JSON.stringify(patch), now],
    );
    return rows[0]?.notification_settings ?? null;
  }

  /**
   * Serialises changes that could remove the last active admin (role, deactivation), across API
   * instances: a transaction-scoped advisory lock, then the count it guards.
   */
  async lockAdmins(tx: EntityManager): Promise<number> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sendbook.staff.admins'))`);
    const [row] = await queryRows<{ n: string }>(tx, `SELECT count(*) AS n FROM staff WHERE role = 'admin' AND active`);
    return Number(row?.n ?? 0);
  }

  /** Under the same lock: the active admins besides `except` who have a password, so could still sign in. */
  async lockOtherAdminsWhoCanSignIn(tx: EntityManager, except: string): Promise<number> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sendbook.staff.admins'))`);
    const [row] = await queryRows<{ n: string }>(
      tx,
      `SELECT count(*) AS n FROM staff WHERE role = 'admin' AND active AND password_hash IS NOT NULL AND id <> $1`,
      [except],
    );
    return Number(row?.n ?? 0);
  }

  // Sessions

  async insertSession(
    session: { staffId: string; tokenHash: string; now: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
    db: EntityManager | DataSource = this.dataSource,
  ): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      db,
      `INSERT INTO staff_sessions (staff_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent) VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
      [session.staffId, session.tokenHash, session.now, session.expiresAt, session.ip, session.userAgent?.slice(0, 512) ?? null],
    );
    await db.query(`UPDATE staff SET last_seen_at = $2 WHERE id = $1`, [session.staffId, session.now]);
    return row!.id;
  }

  async findOpenSession(tokenHash: string): Promise<SessionRow | null> {
    const rows = await queryRows<SessionRow>(
      this.dataSource,
      `SELECT s.id AS session_id, s.staff_id, s.last_seen_at, s.expires_at, st.email, st.name, st.role, st.active
         FROM staff_sessions s JOIN staff st ON st.id = s.staff_id
        WHERE s.token_hash = $1 AND s.ended_at IS NULL`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** A request was seen: the session's idle clock and the person's "last seen" move on. */
  async touchSession(sessionId: string, staffId: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `WITH s AS (UPDATE staff_sessions SET last_seen_at = $3 WHERE id = $1 AND ended_at IS NULL)
       UPDATE staff SET last_seen_at = $3 WHERE id = $2`,
      [sessionId, staffId, now],
    );
  }

  async endSession(sessionId: string, reason: string, now: Date): Promise<void> {
    await this.dataSource.query(`UPDATE staff_sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL`, [sessionId, now, reason]);
  }

  /** Ends every open session of a person; returns their ids. */
  async endSessionsOf(
    staffId: string,
    reason: string,
    now: Date,
    db: EntityManager | DataSource = this.dataSource,
    except: string | null = null,
  ): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      db,
      `UPDATE staff_sessions SET ended_at = $2, end_reason = $3 WHERE staff_id = $1 AND ended_at IS NULL AND ($4::uuid IS NULL OR id <> $4::uuid) RETURNING id`,
      [staffId, now, reason, except],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Ends the open sessions past their absolute end or idle too long (as `sessionStatus` decides),
   * in one statement: of several API instances sweeping at once, each session is ended by one.
   */
  async endLapsedSessions(now: Date, idleMs: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE staff_sessions SET ended_at = $1, end_reason = CASE WHEN expires_at <= $1 THEN 'expired' ELSE 'idle' END
        WHERE ended_at IS NULL AND (expires_at <= $1 OR last_seen_at <= $1 - make_interval(secs => $2::double precision / 1000))
        RETURNING id`,
      [now, idleMs],
    );
    return rows.map((r) => r.id);
  }

  // Sign-in attempts

  /** Holds the account's sign-in lock until the transaction ends: attempts on one account go one at a time. */
  async lockAccount(tx: EntityManager, emailKey: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sendbook.login:' || $1))`, [emailKey]);
  }

  /** Failed attempts on the account since its last success, and from the address, newest first, within the window. */
  /**
   * What the throttle weighs (`SignInHistory`), newest first within the window: the pair's failures
   * and the account's since their last success, the address's, and whether this address signed in
   * to this account within `familiarSince`.
   */
  async signInHistory(tx: EntityManager, emailKey: string, ip: string, since: Date, familiarSince: Date, limit: number): Promise<SignInHistory> {
    const failuresSinceSuccess = (pairOnly: boolean) =>
      queryRows<{ at: Date }>(
        tx,
        `SELECT at FROM login_attempts
          WHERE email_key = $1 AND ($4::text IS NULL OR ip = $4) AND NOT succeeded AND at > $2
            AND at > coalesce((SELECT max(at) FROM login_attempts WHERE email_key = $1 AND ($4::text IS NULL OR ip = $4) AND succeeded AND at > $2), '-infinity')
          ORDER BY at DESC LIMIT $3`,
        [emailKey, since, limit, pairOnly ? ip : null],
      );
    const pair = await failuresSinceSuccess(true);
    const account = await failuresSinceSuccess(false);
    const address = await queryRows<{ at: Date }>(tx, `SELECT at FROM login_attempts WHERE ip = $1 AND NOT succeeded AND at > $2 ORDER BY at DESC LIMIT $3`, [
      ip,
      since,
      limit,
    ]);
    const [known] = await queryRows<{ familiar: boolean }>(
      tx,
      `SELECT EXISTS (SELECT 1 FROM login_attempts WHERE email_key = $1 AND ip = $2 AND succeeded AND at > $3) AS familiar`,
      [emailKey, ip, familiarSince],
    );
    return { pair: pair.map((r) => r.at), account: account.map((r) => r.at), address: address.map((r) => r.at), familiar: known?.familiar ?? false };
  }

  /** Recorded as failed before the password is checked (so parallel guesses count); a match turns it into a success. */
  async recordAttempt(tx: EntityManager, attempt: { emailKey: string; ip: string; succeeded: boolean; at: Date }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(tx, `INSERT INTO login_attempts (email_key, ip, succeeded, at) VALUES ($1, $2, $3, $4) RETURNING id`, [
      attempt.emailKey,
      attempt.ip,
      attempt.succeeded,
      attempt.at,
    ]);
    return row!.id;
  }

  async markAttemptSucceeded(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`UPDATE login_attempts SET succeeded = true WHERE id = $1`, [id]);
  }

  /** Failures older than the window are no longer counted; successes are kept to know familiar addresses. */
  async purgeLoginAttempts(failuresBefore: Date, successesBefore: Date): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `DELETE FROM login_attempts WHERE (NOT succeeded AND at < $1) OR (succeeded AND at < $2) RETURNING id`,
      [failuresBefore, successesBefore],
    );
    return rows.length;
  }
}
