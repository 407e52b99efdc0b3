import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccessRevocations, SessionAuthenticator } from '../../common/auth/authenticators.js';
import type { Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { needsTouch, sessionStatus } from './domain/session-expiry.js';
import { StaffRepository } from './staff.repository.js';
import { newToken, tokenHash } from './tokens.js';

export interface OpenedSession {
  readonly token: string;
  readonly expiresAt: Date;
}

/** Server-side sessions: opened at sign-in, checked on every request, ended by logout, deactivation, reset or time. */
@Injectable()
export class SessionsService implements SessionAuthenticator {
  constructor(
    private readonly repo: StaffRepository,
    private readonly revocations: AccessRevocations,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(staffId: string, client: { ip: string | null; userAgent: string | null }, db?: EntityManager): Promise<OpenedSession> {
    const now = this.clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + this.config.auth.sessionMaxMs);
    await this.repo.insertSession({ staffId, tokenHash: tokenHash(token), now, expiresAt, ...client }, db);
    return { token, expiresAt };
  }

  /** Looked up in PostgreSQL on every request, so a logout or a deactivation holds on the very next one. */
  async authenticate(token: string, now: Date): Promise<Principal | null> {
    if (token.length < 20 || token.length > 100) return null;
    const row = await this.repo.findOpenSession(tokenHash(token));
    if (!row) return null;
    const status = sessionStatus({ lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, staffActive: row.active }, now, this.config.auth.sessionIdleMs);
    if (status !== 'valid') {
      await this.repo.endSession(row.session_id, status, now);
      return null;
    }
    if (needsTouch(row.last_seen_at, now)) await this.repo.touchSession(row.session_id, row.staff_id, now);
    return { kind: 'staff', staffId: row.staff_id, sessionId: row.session_id, role: row.role, email: row.email, name: row.name };
  }

  /** Ends every session of the person (logout signs them out everywhere; so do deactivation and resets). */
  /**
   * Sessions end by time without a request to notice (an inbox tab left open on a live stream): the
   * sweep ends them and closes their streams on every instance, at most SESSION_SWEEP_INTERVAL_MS late.
   */
  async endLapsed(): Promise<number> {
    const ended = await this.repo.endLapsedSessions(this.clock.now(), this.config.auth.sessionIdleMs);
    for (const sessionId of ended) await this.revocations.revoked({ sessionId });
    return ended.length;
  }

  /** A changed role: the person's streams close, and reopen under the new role's rules. */
  async closeStreamsOf(staffId: string): Promise<void> {
    await this.revocations.revoked({ staffId });
  }

  /** Ends every session of the person but `keep` (the one changing the password), and closes their streams. */
  async endOthersOf(staffId: string, keep: string, reason: string, db?: EntityManager): Promise<number> {
    const ended = await this.repo.endSessionsOf(staffId, reason, this.clock.now(), db, keep);
    for (const sessionId of ended) await this.revocations.revoked({ sessionId });
    return ended.length;
  }

  async endAllOf(staffId: string, reason: string, db?: EntityManager): Promise<number> {
    const ended = await this.repo.endSessionsOf(staffId, reason, this.clock.now(), db);
    await this.revocations.revoked({ staffId });
    return ended.length;
  }
}
