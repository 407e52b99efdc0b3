import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { WhatsappModule } from '../whatsapp/whatsapp.module.js';
import { NumberProfilesTimers } from './number-profiles-timers.service.js';
import { NumberProfilesRepository } from './number-profiles.repository.js';
import { NumberProfilesService } from './number-profiles.service.js';
import { NumbersController } from './numbers.controller.js';
import { NumbersRepository } from './numbers.repository.js';
import { NumbersService } from './numbers.service.js';

/**
 * GET /v1/numbers, GET /v1/pauses, pause and resume by hand, and the numbers' profiles from Meta
 * (read by workers on a timer). The pauses themselves stay with the outbox, whose sender makes
 * them and whose queries skip them.
 */
@Module({})
export class NumbersModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: NumbersModule,
    imports: [OutboxModule.forRole(role), PolicyModule, AuditModule, WhatsappModule],
    controllers: role === 'worker' ? [] : [NumbersController],
    providers: [
      NumberProfilesRepository,
      NumberProfilesService,
      ...(role === 'worker' ? [] : [NumbersRepository, NumbersService]),
      ...(role === 'api' ? [] : [NumberProfilesTimers]),
    ],
  }));
}
