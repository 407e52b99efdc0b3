import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';

/** GET /v1/campaigns: a read-only view of the outbox's rows by their `campaign` tag. HTTP only. */
@Module({})
export class CampaignsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: CampaignsModule,
    // Its priced messages, counted by the metrics (PricingFiguresService).
    imports: role === 'worker' ? [] : [MetricsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [CampaignsController],
    providers: role === 'worker' ? [] : [CampaignsRepository, CampaignsService],
  }));
}
