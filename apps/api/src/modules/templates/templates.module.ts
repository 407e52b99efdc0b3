import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Role } from '../../config/config.schema.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesTimers } from './templates-timers.service.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/**
 * The template registry. Global: the outbox checks templates before queueing and the webhooks
 * apply template events through TemplatesService. Sync timers run in worker processes.
 */
@Global()
@Module({})
export class TemplatesModule {
  static forRole(role: Role): DynamicModule {
    return {
      module: TemplatesModule,
      controllers: role === 'worker' ? [] : [TemplatesController],
      providers: [TemplatesRepository, TemplatesService, ...(role === 'api' ? [] : [TemplatesTimers])],
      exports: [TemplatesService],
    };
  }
}
