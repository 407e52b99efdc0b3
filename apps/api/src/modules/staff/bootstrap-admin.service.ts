import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { emailKey } from './domain/login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SessionsService } from './sessions.service.js';
import { StaffRepository } from './staff.repository.js';

/** Whether BOOTSTRAP_ADMIN_PASSWORD still signs the bootstrap admin in: what `npm start` may print. */
export type BootstrapPasswordState = 'signs_in' | 'changed' | 'reset' | 'no_admin';

/** BOOTSTRAP_ADMIN_*: the first admin, so a new installation can be signed in to at all. */
@Injectable()
export class BootstrapAdminService implements OnApplicationBootstrap {
  constructor(
    private readonly repo: StaffRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Created if absent; an existing account (and a password changed since) is left alone. */
  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config.bootstrap;
    if (!adminEmail || !adminPassword) return;
    const created = await this.repo.insert({
      email: adminEmail,
      emailKey: emailKey(adminEmail),
      name: adminEmail.split('@')[0]!,
      role: 'admin',
      passwordHash: await hashPassword(adminPassword),
      inviteTokenHash: null,
      inviteExpiresAt: null,
      createdBy: 'bootstrap',
    });
    if (created) {
      await this.audit.record({
        actor: 'system',
        action: 'staff.created',
        subjectType: 'staff',
        subjectId: created.id,
        details: { email: created.email, role: 'admin', by: 'BOOTSTRAP_ADMIN_EMAIL' },
      });
      this.logger.event('info', 'staff.bootstrap_admin_created', { staff_id: created.id });
    }
  }

  /**
   * Does the configured password still sign the bootstrap admin in? Someone may have changed it
   * in the inbox, or another checkout sharing the database made the account with its own. With
   * `reset` (asked for by the person at the keyboard), it is set back and the account's sessions end.
   */
  async checkPassword({ reset, by }: { reset: boolean; by: string }): Promise<BootstrapPasswordState> {
    const { adminEmail, adminPassword } = this.config.bootstrap;
    if (!adminEmail || !adminPassword) return 'no_admin';
    const staff = await this.repo.findByEmailKey(emailKey(adminEmail));
    if (!staff) return 'no_admin';
    if (staff.active && (await verifyPassword(staff.passwordHash, adminPassword))) return 'signs_in';
    if (!reset) return 'changed';
    const passwordHash = await hashPassword(adminPassword);
    await this.repo.transaction(async (tx) => {
      await this.repo.update(staff.id, { passwordHash, active: true, inviteTokenHash: null, inviteExpiresAt: null }, tx);
      await this.sessions.endAllOf(staff.id, 'password_reset', tx);
      await this.audit.record({ actor: 'system', action: 'staff.password_reset', subjectType: 'staff', subjectId: staff.id, details: { by } }, tx);
    });
    return 'reset';
  }
}
