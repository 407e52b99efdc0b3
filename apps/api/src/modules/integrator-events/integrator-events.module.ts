import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { EndpointRateLimiter } from './endpoint-rate-limiter.js';
import { EventDeliveriesRepository } from './event-deliveries.repository.js';
import { EventDeliveryWorker } from './event-delivery.worker.js';
import { EventEndpointsController } from './event-endpoints.controller.js';
import { EventEndpointsRepository } from './event-endpoints.repository.js';
import { EventEndpointsService } from './event-endpoints.service.js';
import { EventPayloadPresenter } from './event-payload.presenter.js';
import { IntegratorEventRetention } from './integrator-event-retention.service.js';

/**
 * Signed events to integrators. The events themselves are written by database triggers in the
 * transaction of each change (migration IntegratorEventTriggers); this module manages endpoints
 * (api), delivers what they are owed and keeps the tables' daily partitions (worker).
 */
@Module({})
export class IntegratorEventsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: IntegratorEventsModule,
    imports: [AuditModule, AlertsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [EventEndpointsController],
    providers: [
      EventEndpointsRepository,
      EventDeliveriesRepository,
      EventEndpointsService,
      EventPayloadPresenter,
      ...(role === 'api' ? [] : [EventDeliveryWorker, EndpointRateLimiter, IntegratorEventRetention]),
    ],
  }));
}
