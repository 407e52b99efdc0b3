import { Module, type DynamicModule } from '@nestjs/common';
import type { Role } from '../../config/config.schema.js';
import { AlertsController } from './alerts.controller.js';
import { AlertsRepository } from './alerts.repository.js';
import { AlertsService } from './alerts.service.js';

/** Global so any module can raise an alert (AlertsService.raise / resolve) without importing this one. */
@Module({})
export class AlertsModule {
  static forRole(role: Role): DynamicModule {
    return {
      module: AlertsModule,
      global: true,
      controllers: role === 'worker' ? [] : [AlertsController],
      providers: [AlertsRepository, AlertsService],
      exports: [AlertsService],
    };
  }
}
