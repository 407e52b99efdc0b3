import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/** Reports for admins: figures per agent and team from the audit trail. Reads, writes nothing; only the API serves it. */
@Module({})
export class ReportsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: ReportsModule,
    controllers: role === 'worker' ? [] : [ReportsController],
    providers: role === 'worker' ? [] : [ReportsRepository, ReportsService],
  }));
}
