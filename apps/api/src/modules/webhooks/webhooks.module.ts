import { registerQueues } from '../../common/queue/register-queues.js';
import { Module, type DynamicModule, type OnModuleInit, type Provider } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { FactBus } from '../../common/facts/domain-facts.js';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { DeliveryRelay } from './delivery-relay.service.js';
import { WebhookRetention } from './webhook-retention.service.js';
import { DeliveryWriter } from './delivery-writer.service.js';
import { WebhookProcessor } from './processors/webhook.processor.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookIngestService } from './webhook-ingest.service.js';
import { WebhookProcessingService } from './webhook-processing.service.js';
import { WebhookStatusesService } from './webhook-statuses.service.js';
import { WebhookTimers } from './webhook-timers.service.js';
import { WebhooksAdminController } from './webhooks-admin.controller.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Webhook ingestion. ROLE=api: the endpoint (verify, store, 200) and the admin replay; ROLE=worker:
 * the relay that enqueues stored deliveries, the processor and the timers; `all`: both. Above the
 * outbox and the conversations: status webhooks move outbox rows, inbound messages are attributed
 * in the claim's transaction, and this module applies parked statuses once the outbox says a send was accepted.
 */
@Module({})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly facts: FactBus,
    private readonly webhooks: WebhooksService,
  ) {}

  static readonly forRole = perRole((role: Role): DynamicModule => {
    const workers: Provider[] = role === 'api' ? [] : [WebhookProcessor, WebhookTimers, DeliveryRelay, WebhookRetention];
    return {
      module: WebhooksModule,
      imports: [
        registerQueues(QUEUE_NAMES.webhooks),
        OutboxModule.forRole(role),
        ConversationsModule.forRole(role),
        TemplatesModule.forRole(role),
        MetricsModule.forRole(role),
        EventsModule.forRole(role),
        PolicyModule,
        AuditModule,
        AlertsModule.forRole(role),
      ],
      controllers: role === 'worker' ? [] : [WebhooksController, WebhooksAdminController],
      providers: [
        WebhooksRepository,
        DeliveryWriter,
        WebhookDispatcher,
        WebhookIngestService,
        WebhookProcessingService,
        WebhookStatusesService,
        WebhooksService,
        ...workers,
      ],
      exports: [WebhooksService],
    };
  });

  /** Statuses that beat the send's answer are applied as soon as the sender records the wamid. */
  onModuleInit(): void {
    this.facts.subscribe('send.accepted', (f) => this.webhooks.applyParkedFor(f.phoneNumberId, f.wamid));
  }
}
