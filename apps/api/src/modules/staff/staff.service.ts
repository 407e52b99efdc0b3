import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { emailKey } from './domain/login-throttle.js';
import type { CreateStaffDto, UpdateStaffDto } from './dto/staff.dto.js';
import { hashPassword } from './passwords.js';
import { SessionsService } from './sessions.service.js';
import type { Staff } from './staff.entity.js';
import { presentStaff } from './staff.presenter.js';
import { StaffRepository } from './staff.repository.js';
import { PresenceService } from '../events/presence.service.js';
import { newToken, tokenHash } from './tokens.js';

/** An invite or reset link works this long, once. */
export const INVITE_TTL_MS = 7 * 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Staff management for admins: invite, change role, deactivate, reset a password; never the last active admin away. */
@Injectable()
export class StaffService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly presence: PresenceService,
  ) {}

  async list() {
    return { data: (await this.repo.list()).map(presentStaff) };
  }

  /** Active members, names and roles only: what an agent needs to hand a thread over. */
  /** The active team, with who is there: what each says of themselves, and whether a tab of theirs is open. */
  async team() {
    const active = (await this.repo.list()).filter((s) => s.active);
    const online = await this.presence.online(active.map((s) => s.id)).catch(() => new Map<string, boolean>());
    return { data: active.map((s) => ({ id: s.id, name: s.name, role: s.role, availability: s.availability, online: online.get(s.id) ?? false })) };
  }

  async show(id: string) {
    return { staff: presentStaff(await this.find(id)) };
  }

  async create(dto: CreateStaffDto, by: Principal) {
    const invite = dto.password === undefined ? newToken() : null;
    const staff = await this.repo.insert({
      email: dto.email.trim(),
      emailKey: emailKey(dto.email),
      name: dto.name.trim(),
      role: dto.role,
      passwordHash: dto.password === undefined ? null : await hashPassword(dto.password),
      inviteTokenHash: invite ? tokenHash(invite) : null,
      inviteExpiresAt: invite ? new Date(this.clock.now().getTime() + INVITE_TTL_MS) : null,
      createdBy: actorOf(by),
    });
    if (!staff) throw new DomainError(ErrorCode.StaffExists, `${dto.email.trim()} is already a staff member`);
    await this.audit.record({
      actor: actorOf(by),
      action: 'staff.created',
      subjectType: 'staff',
      subjectId: staff.id,
      details: { email: staff.email, role: staff.role, invited: invite !== null },
    });
    return { staff: presentStaff(staff), ...(invite ? { invite_url: this.inviteUrl(invite) } : {}) };
  }

  async update(id: string, dto: UpdateStaffDto, by: Principal) {
    const before = await this.find(id);
    const changes: Partial<Pick<Staff, 'name' | 'role' | 'active'>> = {};
    if (dto.name !== undefined && dto.name.trim() !== before.name) changes.name = dto.name.trim();
    if (dto.role !== undefined && dto.role !== before.role) changes.role = dto.role;
    if (dto.active !== undefined && dto.active !== before.active) changes.active = dto.active;
    if (Object.keys(changes).length === 0) return { staff: presentStaff(before) };
    const after = await this.repo.transaction(async (tx) => {
      if (this.removesAnAdmin(before, changes)) await this.keepOneAdmin(tx);
      await this.repo.update(id, changes, tx);
      if (changes.active === false) await this.sessions.endAllOf(id, 'deactivated', tx);
      await this.audit.record(
        { actor: actorOf(by), action: 'staff.updated', subjectType: 'staff', subjectId: id, details: { before: pick(before, changes), after: changes } },
        tx,
      );
      return this.repo.findById(id, tx);
    });
    // Their live streams were admitted under the old role's rules: closed, they reopen under the new.
    if (changes.role !== undefined) await this.sessions.closeStreamsOf(id);
    return { staff: presentStaff(after!) };
  }

  /**
   * A new one-time link; the old password stops working and every session ends. Never for the last
   * admin who can sign in: until the link is used, nobody could manage the team (`409 last_admin`).
   */
  async resetPassword(id: string, by: Principal) {
    const staff = await this.find(id);
    const invite = newToken();
    await this.repo.transaction(async (tx) => {
      if (staff.role === 'admin' && staff.active && staff.passwordHash !== null && (await this.repo.lockOtherAdminsWhoCanSignIn(tx, id)) === 0) {
        throw new DomainError(ErrorCode.LastAdmin, 'this is the last admin who can sign in: make someone else an admin first, or change the password yourself');
      }
      await this.repo.update(
        id,
        { passwordHash: null, inviteTokenHash: tokenHash(invite), inviteExpiresAt: new Date(this.clock.now().getTime() + INVITE_TTL_MS), inviteUsedAt: null },
        tx,
      );
      await this.sessions.endAllOf(id, 'password_reset', tx);
      await this.audit.record({ actor: actorOf(by), action: 'staff.password_reset', subjectType: 'staff', subjectId: id }, tx);
    });
    return { staff: presentStaff((await this.repo.findById(id))!), invite_url: this.inviteUrl(invite) };
  }

  private async find(id: string): Promise<Staff> {
    const staff = UUID.test(id) ? await this.repo.findById(id) : null;
    if (!staff) throw DomainError.notFound('staff member');
    return staff;
  }

  private removesAnAdmin(before: Staff, changes: Partial<Pick<Staff, 'role' | 'active'>>): boolean {
    if (before.role !== 'admin' || !before.active) return false;
    return changes.active === false || (changes.role !== undefined && changes.role !== 'admin');
  }

  private async keepOneAdmin(tx: EntityManager): Promise<void> {
    if ((await this.repo.lockAdmins(tx)) <= 1) throw new DomainError(ErrorCode.LastAdmin, 'this is the last active admin: make someone else an admin first');
  }

  private inviteUrl(token: string): string {
    return `${this.config.auth.inboxUrl}/invite/${token}`;
  }
}

function pick(staff: Staff, changes: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(changes).map((k) => [k, staff[k as keyof Staff]]));
}
