import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { NumbersController } from './numbers.controller.js';
import { NumbersRepository } from './numbers.repository.js';
import { NumbersService } from './numbers.service.js';

/**
 * GET /v1/numbers, GET /v1/pauses, POST /v1/numbers/:id/resume: HTTP only, nothing for workers.
 * The pauses themselves stay with the outbox, whose sender makes them and whose queries skip them.
 */
@Module({})
export class NumbersModule {
  static readonly forRole = perRole(
    (role: Role): DynamicModule => ({
      module: NumbersModule,
      imports: [OutboxModule.forRole(role), PolicyModule, AuditModule],
      controllers: role === 'worker' ? [] : [NumbersController],
      providers: role === 'worker' ? [] : [NumbersRepository, NumbersService],
    }),
  );
}
