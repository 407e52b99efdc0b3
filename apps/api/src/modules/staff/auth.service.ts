import { Inject, Injectable } from '@nestjs/common';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { INVITE_PROBLEMS, inviteLinkState, type InviteLinkState } from './domain/invite-link.js';
import { emailKey, throttleSignIn } from './domain/login-throttle.js';
import type { ChangePasswordDto, UpdateProfileDto } from './dto/staff.dto.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SessionsService, type OpenedSession } from './sessions.service.js';
import type { Staff } from './staff.entity.js';
import { presentStaff } from './staff.presenter.js';
import { StaffRepository } from './staff.repository.js';
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

/** Signing in and out, invites and resets, and a person's own profile. */
@Injectable()
export class AuthService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One attempt at a time per account (an advisory lock held while the password is checked), so
   * parallel guesses queue up and count. Unknown email, wrong password, no password yet and a
   * deactivated account all answer alike and take as long; the audit trail says which it was.
   */
  async login(email: string, password: string, client: Client): Promise<SignedIn> {
    const key = emailKey(email);
    const { auth } = this.config;
    const outcome = await this.repo.transaction(async (tx) => {
      await this.repo.lockAccount(tx, key);
      const now = this.clock.now();
      const failures = await this.repo.recentFailures(tx, key, client.ip, new Date(now.getTime() - auth.loginWindowMs), Math.max(auth.loginFailuresPerAccount, auth.loginFailuresPerAddress));
      const throttle = throttleSignIn(failures.account, failures.address, now, { perAccount: auth.loginFailuresPerAccount, perAddress: auth.loginFailuresPerAddress, windowMs: auth.loginWindowMs });
      if (!throttle.allowed) {
        await this.audit.record({ actor: 'anonymous', action: 'auth.login_throttled', subjectType: 'login', subjectId: key, details: { by: throttle.by }, ip: client.ip }, tx);
        return { kind: 'throttled' as const, retryAfterMs: throttle.retryAfterMs };
      }
      const staff = await this.repo.findByEmailKey(key, tx);
      const matches = await verifyPassword(staff?.passwordHash ?? null, password);
      const ok = matches && staff !== null && staff.active;
      await this.repo.recordAttempt(tx, { emailKey: key, ip: client.ip, succeeded: ok, at: now });
      if (!ok) {
        const reason = !staff ? 'unknown_email' : !staff.active ? 'deactivated' : staff.passwordHash === null ? 'no_password' : 'wrong_password';
        await this.audit.record({ actor: 'anonymous', action: 'auth.login_failed', subjectType: staff ? 'staff' : 'login', subjectId: staff?.id ?? key, details: { reason }, ip: client.ip }, tx);
        return { kind: 'refused' as const };
      }
      const session = await this.sessions.open(staff.id, client, tx);
      await this.audit.record({ actor: `staff:${staff.id}`, action: 'auth.login', subjectType: 'staff', subjectId: staff.id, ip: client.ip }, tx);
      return { kind: 'signed_in' as const, staff, session };
    });
    if (outcome.kind === 'throttled') {
      const seconds = Math.ceil(outcome.retryAfterMs / 1000);
      throw new DomainError(ErrorCode.TooManyAttempts, `too many sign-in attempts: try again in ${seconds} s`, { retry_after_seconds: seconds }, { 'Retry-After': String(seconds) });
    }
    if (outcome.kind === 'refused') throw new DomainError(ErrorCode.InvalidCredentials, INVALID);
    return { body: { staff: presentStaff(outcome.staff) }, session: outcome.session };
  }

  /** Signs the person out everywhere: every session of theirs ends, and their live streams close. */
  async logout(principal: Principal): Promise<void> {
    if (principal.kind !== 'staff') return;
    await this.sessions.endAllOf(principal.staffId, 'logout');
    await this.audit.record({ actor: actorOf(principal), action: 'auth.logout', subjectType: 'staff', subjectId: principal.staffId });
  }

  async me(principal: Principal) {
    return { staff: presentStaff(await this.staffOf(principal)) };
  }

  async updateProfile(principal: Principal, dto: UpdateProfileDto) {
    const staff = await this.staffOf(principal);
    if (dto.name !== undefined && dto.name.trim() !== staff.name) {
      await this.repo.update(staff.id, { name: dto.name.trim() });
      await this.audit.record({ actor: actorOf(principal), action: 'staff.profile_updated', subjectType: 'staff', subjectId: staff.id, details: { name: dto.name.trim() } });
    }
    return this.me(principal);
  }

  /** Needs the current password; ends the person's other sessions (a thief's among them), keeps this one. */
  async changePassword(principal: Principal, dto: ChangePasswordDto): Promise<void> {
    const staff = await this.staffOf(principal);
    if (!(await verifyPassword(staff.passwordHash, dto.current_password))) throw DomainError.validation([{ field: 'current_password', message: 'is not your current password' }]);
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
