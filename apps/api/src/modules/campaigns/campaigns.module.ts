import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { CampaignRecordsRepository } from './campaign-records.repository.js';
import { CampaignRunsService } from './campaign-runs.service.js';
import { CampaignWriter } from './campaign-writer.service.js';
import { CampaignRunsController } from './campaign-runs.controller.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';

/**
 * Campaigns: the resources admins make (`campaigns`, `campaign_recipients`), written into the
 * outbox by workers; and GET /v1/campaigns, the view of the outbox's rows by their `campaign` tag.
 */
@Module({})
export class CampaignsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: CampaignsModule,
    // Its priced messages come from the metrics (PricingFiguresService); its runs write through the outbox.
    imports: [
      OutboxModule.forRole(role),
      TemplatesModule.forRole(role),
      PolicyModule,
      AuditModule,
      ...(role === 'worker' ? [] : [MetricsModule.forRole(role)]),
    ],
    controllers: role === 'worker' ? [] : [CampaignRunsController, CampaignsController],
    providers: [
      CampaignRecordsRepository,
      CampaignRunsService,
      ...(role === 'worker' ? [] : [CampaignsRepository, CampaignsService]),
      ...(role === 'api' ? [] : [CampaignWriter]),
    ],
  }));
}
