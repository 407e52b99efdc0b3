import { Inject, Injectable } from '@nestjs/common';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { INVITE_PROBLEMS, inviteLinkState, type InviteLinkState } from './domain/invite-link.js';
import { notificationSettingsOf, notificationSettingsPatch } from './domain/notification-settings.js';
import { emailKey, throttleSignIn } from './domain/login-throttle.js';
import type { ChangePasswordDto, UpdateProfileDto } from './dto/staff.dto.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SessionsService, type OpenedSession } from './sessions.service.js';
import type { Staff } from './staff.entity.js';
import { presentStaff } from './staff.presenter.js';
import { StaffRepository } from './staff.repository.js';
import { SignInGate } from './sign-in-gate.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { tokenHash } from './tokens.js';

export interface Client {
  readonly ip: string;
  readonly userAgent: string | null;
}

export interface SignedIn {
  readonly body: { staff: ReturnType<typeof presentStaff> };
  readonly session: OpenedSession;
}

const INVALID = 'wrong email or password';
/** The first wait past the free failures; it doubles with each failure after (login-throttle.ts). */
const BACKOFF_BASE_MS = 1000;
/** An address the person signed in from within this long is theirs: the account-wide backoff spares it. */
export const FAMILIAR_FOR_MS = 90 * 24 * 3_600_000;

function tooManyAttempts(retryAfterMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new DomainError(
    ErrorCode.TooManyAttempts,
    `too many sign-in attempts: try again in ${seconds} s`,
    { retry_after_seconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}

/** Signing in and out, invites and resets, and a person's own profile. */
@Injectable()
export class AuthService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsPublisher,
  ) {
    const { auth } = config;
    this.gate = new SignInGate(
      { hashes: auth.loginChecksAtOnce, queue: auth.loginChecksQueued, perAddressPerSecond: auth.loginStartsPerSecond, perAddressBurst: auth.loginStartsBurst },
      () => clock.now(),
    );
  }

  private readonly gate: SignInGate;

  /**
   * A flood is turned away before any database work (SignInGate: per address, and a bounded number
   * of password checks). Then the throttle decides under a short per-account lock and records the
   * attempt as failed, so parallel guesses count; the password is checked with no connection held;
   * a match turns the attempt into a success and opens the session. Unknown email, wrong password,
   * no password yet and a deactivated account all answer alike and take as long; the audit trail
   * says which it was.
   */
  async login(email: string, password: string, client: Client): Promise<SignedIn> {
    const admitted = this.gate.admit(client.ip);
    if (!admitted.ok) {
      this.logger.event('info', 'auth.login_flood_refused', { ip: client.ip });
      throw tooManyAttempts(admitted.retryAfterMs);
    }
    const outcome = await this.gate.check(() => this.attempt(emailKey(email), password, client));
    if (outcome === 'busy') {
      this.logger.event('warn', 'auth.login_checks_busy', { ip: client.ip });
      throw tooManyAttempts(1000);
    }
    if (outcome.kind === 'throttled') throw tooManyAttempts(outcome.retryAfterMs);
    if (outcome.kind === 'refused') throw new DomainError(ErrorCode.InvalidCredentials, INVALID);
    return { body: { staff: presentStaff(outcome.staff) }, session: outcome.session };
  }

  /** Failures past the window count for nothing; successes say which addresses are familiar, for as long as that lasts. */
  async purgeAttempts(): Promise<number> {
    const now = this.clock.now().getTime();
    return this.repo.purgeLoginAttempts(new Date(now - Math.max(this.config.auth.loginWindowMs, 24 * 3_600_000)), new Date(now - FAMILIAR_FOR_MS));
  }

  private async attempt(key: string, password: string, client: Client) {
    const { auth } = this.config;
    const decided = await this.repo.transaction(async (tx) => {
      await this.repo.lockAccount(tx, key);
      const now = this.clock.now();
      const history = await this.repo.signInHistory(
        tx,
        key,
        client.ip,
        new Date(now.getTime() - auth.loginWindowMs),
        new Date(now.getTime() - FAMILIAR_FOR_MS),
        Math.max(64, auth.loginFailuresPerAddress),
      );
      const throttle = throttleSignIn(history, now, {
        freeFailures: auth.loginFailuresPerAccount,
        perAddress: auth.loginFailuresPerAddress,
        windowMs: auth.loginWindowMs,
        baseDelayMs: BACKOFF_BASE_MS,
      });
      if (!throttle.allowed) {
        await this.audit.record(
          { actor: 'anonymous', action: 'auth.login_throttled', subjectType: 'login', subjectId: key, details: { by: throttle.by }, ip: client.ip },
          tx,
        );
        return { kind: 'throttled' as const, retryAfterMs: throttle.retryAfterMs };
      }
      const staff = await this.repo.findByEmailKey(key, tx);
      const attemptId = await this.repo.recordAttempt(tx, { emailKey: key, ip: client.ip, succeeded: false, at: now });
      return { kind: 'check' as const, staff, attemptId };
    });
    if (decided.kind === 'throttled') return decided;
    const { staff, attemptId } = decided;
    const matches = await verifyPassword(staff?.passwordHash ?? null, password);
    return this.repo.transaction(async (tx) => {
      if (!matches || staff === null || !staff.active) {
        const reason = !staff ? 'unknown_email' : !staff.active ? 'deactivated' : staff.passwordHash === null ? 'no_password' : 'wrong_password';
        await this.audit.record(
          {
            actor: 'anonymous',
            action: 'auth.login_failed',
            subjectType: staff ? 'staff' : 'login',
            subjectId: staff?.id ?? key,
            details: { reason },
            ip: client.ip,
          },
          tx,
        );
        return { kind: 'refused' as const };
      }
      await this.repo.markAttemptSucceeded(tx, attemptId);
      const session = await this.sessions.open(staff.id, client, tx);
      await this.audit.record({ actor: `staff:${staff.id}`, action: 'auth.login', subjectType: 'staff', subjectId: staff.id, ip: client.ip }, tx);
      return { kind: 'signed_in' as const, staff, session };
    });
  }

  /** Signs the person out everywhere: every session of theirs ends, and their live streams close. */
  async logout(principal: Principal): Promise<void> {
    if (principal.kind !== 'staff') return;
    await this.sessions.endAllOf(principal.staffId, 'logout');
    await this.audit.record({ actor: actorOf(principal), action: 'auth.logout', subjectType: 'staff', subjectId: principal.staffId });
  }

  /** Who you are, and your own settings (nobody else's answer carries them). */
  async me(principal: Principal) {
    const staff = await this.staffOf(principal);
    return { staff: presentStaff(staff), notifications: notificationSettingsOf(staff.notificationSettings) };
  }

  /** Each part of the body on its own: a name, notification settings (merged: what is left out keeps its value). */
  async updateProfile(principal: Principal, dto: UpdateProfileDto) {
    const staff = await this.staffOf(principal);
    if (dto.name !== undefined && dto.name.trim() !== staff.name) {
      await this.repo.update(staff.id, { name: dto.name.trim() });
      await this.audit.record({
        actor: actorOf(principal),
        action: 'staff.profile_updated',
        subjectType: 'staff',
        subjectId: staff.id,
        details: { name: dto.name.trim() },
      });
    }
    if (dto.availability !== undefined && dto.availability !== staff.availability) {
      await this.repo.update(staff.id, { availability: dto.availability });
      // Assignment reads it: who was available when is part of the trail.
      await this.audit.record({
        actor: actorOf(principal),
        action: 'staff.availability_changed',
        subjectType: 'staff',
        subjectId: staff.id,
        details: { from: staff.availability, to: dto.availability },
      });
      this.events.publish('presence.changed', { staff_id: staff.id, availability: dto.availability });
    }
    // A person's own preference, not an access change: stored, not audited.
    if (dto.notifications !== undefined) await this.repo.mergeNotificationSettings(staff.id, notificationSettingsPatch(dto.notifications), this.clock.now());
    return this.me(principal);
  }

  /** Needs the current password; ends the person's other sessions (a thief's among them), keeps this one. */
  async changePassword(principal: Principal, dto: ChangePasswordDto): Promise<void> {
    const staff = await this.staffOf(principal);
    if (!(await verifyPassword(staff.passwordHash, dto.current_password)))
      throw DomainError.validation([{ field: 'current_password', message: 'is not your current password' }]);
    const hash = await hashPassword(dto.new_password);
    await this.repo.transaction(async (tx) => {
      await this.repo.update(staff.id, { passwordHash: hash }, tx);
      if (principal.kind === 'staff') await this.sessions.endOthersOf(staff.id, principal.sessionId, 'password_changed', tx);
      await this.audit.record({ actor: actorOf(principal), action: 'staff.password_changed', subjectType: 'staff', subjectId: staff.id }, tx);
    });
  }

  /** What the invite page shows before a password is chosen: who it is for, or why it cannot be used. */
  async invite(token: string) {
    const staff = await this.linkHolder(token);
    this.assertUsable(staff);
    return { staff: { email: staff!.email, name: staff!.name } };
  }

  /**
   * Sets the invited (or reset) person's password, uses up the link and signs them in, all in one
   * transaction whose conditional UPDATE is the claim: two tabs submitting the same link sign in
   * one person once, and the other is told the link was used.
   */
  async acceptInvite(token: string, password: string, client: Client): Promise<SignedIn> {
    this.assertUsable(await this.linkHolder(token));
    const hash = await hashPassword(password);
    const outcome = await this.repo.transaction(async (tx) => {
      const staff = await this.repo.acceptInvite(tokenHash(token), hash, this.clock.now(), tx);
      if (!staff) return { staff: null, session: null };
      await this.audit.record({ actor: `staff:${staff.id}`, action: 'staff.invite_accepted', subjectType: 'staff', subjectId: staff.id, ip: client.ip }, tx);
      return { staff, session: await this.sessions.open(staff.id, client, tx) };
    });
    if (!outcome.staff) {
      // Taken meanwhile (the other tab), expired or deactivated since the check: say which.
      this.assertUsable(await this.linkHolder(token));
      throw this.unusable('used');
    }
    return { body: { staff: presentStaff(outcome.staff) }, session: outcome.session };
  }

  private async linkHolder(token: string): Promise<Staff | null> {
    return token.length >= 20 && token.length <= 100 ? this.repo.findByInviteHash(tokenHash(token)) : null;
  }

  private assertUsable(staff: Staff | null): void {
    const state = inviteLinkState(staff, this.clock.now());
    if (state !== 'valid') throw this.unusable(state);
  }

  private unusable(state: Exclude<InviteLinkState, 'valid'>): DomainError {
    return new DomainError(ErrorCode.InviteInvalid, INVITE_PROBLEMS[state], { reason: state });
  }

  private async staffOf(principal: Principal): Promise<Staff> {
    const staff = principal.kind === 'staff' ? await this.repo.findById(principal.staffId) : null;
    if (!staff) throw DomainError.forbidden('only a signed-in staff member has a profile');
    return staff;
  }
}
