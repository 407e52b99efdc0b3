import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ExportsRepository } from './exports.repository.js';
import { ExportsService } from './exports.service.js';
import { InboundExportController } from './inbound-export.controller.js';
import { MessagesExportController } from './messages-export.controller.js';

/**
 * Exports: every message or inbound message of a period, streamed (`GET /v1/messages/export`,
 * `GET /v1/inbound/export`). A read model above the outbox and the conversations: it reads their
 * tables and presents rows as their own resources, and writes nothing. HTTP only.
 */
@Module({})
export class ExportsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: ExportsModule,
    imports: role === 'worker' ? [] : [OutboxModule.forRole(role)],
    controllers: role === 'worker' ? [] : [MessagesExportController, InboundExportController],
    providers: role === 'worker' ? [] : [ExportsRepository, ExportsService],
  }));
}
