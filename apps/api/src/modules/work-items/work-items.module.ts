import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { WorkItemsController } from './work-items.controller.js';
import { WorkItemsBulkService } from './work-items-bulk.service.js';
import { WorkItemsRepository } from './work-items.repository.js';
import { WorkItemsService } from './work-items.service.js';

/** GET /v1/work-items: HTTP only, nothing for workers. */
@Module({})
export class WorkItemsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: WorkItemsModule,
    imports: [OutboxModule.forRole(role), WebhooksModule.forRole(role), ConversationsModule.forRole(role), AlertsModule.forRole(role), AuditModule],
    controllers: role === 'worker' ? [] : [WorkItemsController],
    providers: role === 'worker' ? [] : [WorkItemsRepository, WorkItemsService, WorkItemsBulkService],
  }));
}
