import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { TeamsController } from './teams.controller.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/**
 * Teams, their members and the business numbers routed to them, with their assignment, response
 * target and business-hours settings. The API serves them; assignment and response targets will
 * read them through TeamsRepository.
 */
@Module({})
export class TeamsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: TeamsModule,
    imports: [AuditModule, EventsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [TeamsController],
    providers: [TeamsRepository, TeamsService],
    exports: [TeamsRepository],
  }));
}
