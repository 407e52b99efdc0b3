import { Module } from '@nestjs/common';
import { SessionAuthenticator } from '../../common/auth/authenticators.js';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { BootstrapAdminService } from './bootstrap-admin.service.js';
import { SessionsService } from './sessions.service.js';
import { StaffController } from './staff.controller.js';
import { StaffRepository } from './staff.repository.js';
import { StaffService } from './staff.service.js';
import { StaffTimers } from './staff-timers.service.js';
import { TeamController } from './team.controller.js';

/** Staff accounts and their sessions: who may sign in to the inbox, as what. */
@Module({})
export class StaffModule {
  static readonly forRole = perRole((role: Role) => ({
    module: StaffModule,
    imports: [AuditModule, EventsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [AuthController, StaffController, TeamController],
    providers: [
      StaffRepository,
      SessionsService,
      StaffService,
      BootstrapAdminService,
      AuthService,
      { provide: SessionAuthenticator, useExisting: SessionsService },
      // Streams are served by API processes only; so is the sweep that closes them.
      ...(role === 'worker' ? [] : [StaffTimers]),
    ],
    exports: [SessionAuthenticator, BootstrapAdminService],
  }));
}
