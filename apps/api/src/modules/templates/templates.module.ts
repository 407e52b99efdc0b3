import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { WhatsappModule } from '../whatsapp/whatsapp.module.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesTimers } from './templates-timers.service.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/**
 * The template registry. The outbox checks templates through TemplatesService before queueing and
 * the webhooks apply template events through it. Sync timers run in worker processes.
 */
@Module({})
export class TemplatesModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: TemplatesModule,
    imports: [WhatsappModule, AuditModule, EventsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [TemplatesController],
    providers: [TemplatesRepository, TemplatesService, ...(role === 'api' ? [] : [TemplatesTimers])],
    exports: [TemplatesService],
  }));
}
