import { registerQueues } from '../../common/queue/register-queues.js';
import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { WhatsappModule } from '../whatsapp/whatsapp.module.js';
import { MessageFollowUpsService } from './message-follow-ups.service.js';
import { MessagesService } from './messages.service.js';
import { OutboundSender } from './outbound-sender.service.js';
import { OutboxDispatcher } from './outbox-dispatcher.service.js';
import { OutboxSweeper } from './outbox-sweeper.service.js';
import { OutboxTimers } from './outbox-timers.service.js';
import { OutboxController } from './outbox.controller.js';
import { OutboxRepository } from './outbox.repository.js';
import { CancelledButSent } from './cancelled-but-sent.service.js';
import { OutboxService } from './outbox.service.js';
import { OutboundProcessor } from './processors/outbound.processor.js';
import { SendingPausesRepository } from './sending-pauses.repository.js';
import { SendOutcomes } from './send-outcomes.service.js';
import { MediaModule } from '../media/media.module.js';
import { SendingPausesService } from './sending-pauses.service.js';

/**
 * The outbox. HTTP controllers for ROLE=api, queue processors for ROLE=worker; both for `all`.
 * It calls nothing above it: what a send means beyond its row (a window closed, an opt-out, a wamid
 * that parked statuses wait for) it publishes as facts (common/facts), which those modules subscribe to.
 */
@Module({})
export class OutboxModule {
  static readonly forRole = perRole((role: Role): DynamicModule => {
    const workers: Provider[] = role === 'api' ? [] : [OutboundProcessor, OutboxTimers];
    return {
      module: OutboxModule,
      imports: [
        registerQueues(QUEUE_NAMES.outbound),
        MetricsModule.forRole(role),
        EventsModule.forRole(role),
        AlertsModule.forRole(role),
        TemplatesModule.forRole(role),
        PolicyModule,
        WhatsappModule,
        AuditModule,
        MediaModule.forRole(role),
      ],
      controllers: role === 'worker' ? [] : [OutboxController],
      providers: [
        OutboxRepository,
        OutboxService,
        MessagesService,
        MessageFollowUpsService,
        OutboxDispatcher,
        OutboxSweeper,
        OutboundSender,
        SendingPausesRepository,
        SendingPausesService,
        CancelledButSent,
        SendOutcomes,
        ...workers,
      ],
      exports: [OutboxService, OutboxSweeper, SendingPausesService, MessagesService, MessageFollowUpsService, CancelledButSent],
    };
  });
}
