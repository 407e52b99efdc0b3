import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { SnippetsController } from './snippets.controller.js';
import { SnippetsRepository } from './snippets.repository.js';
import { SnippetsService } from './snippets.service.js';

/** Saved answers for the composer. Only the API serves them. */
@Module({})
export class SnippetsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: SnippetsModule,
    imports: [AuditModule],
    controllers: role === 'worker' ? [] : [SnippetsController],
    providers: [SnippetsRepository, SnippetsService],
  }));
}
