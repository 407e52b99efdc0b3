import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { EventsModule } from '../events/events.module.js';
import { AlertsController } from './alerts.controller.js';
import { AlertsRepository } from './alerts.repository.js';
import { AlertsService } from './alerts.service.js';

/** Alerts as work items. A module that raises or resolves alerts imports this one for AlertsService. */
@Module({})
export class AlertsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: AlertsModule,
    imports: [EventsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [AlertsController],
    providers: [AlertsRepository, AlertsService],
    exports: [AlertsService],
  }));
}
