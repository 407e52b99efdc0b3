import { Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { FactBus } from '../../common/facts/domain-facts.js';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { WhatsappModule } from '../whatsapp/whatsapp.module.js';
import { AgentPresenceService } from './agent-presence.service.js';
import { AgentReactionsService } from './agent-reactions.service.js';
import { ConversationAttributionService } from './conversation-attribution.service.js';
import { ConversationWindowGate } from './conversation-window-gate.service.js';
import { ConversationsController } from './conversations.controller.js';
import { ConversationPresenceController } from './conversation-presence.controller.js';
import { ConversationsRepository } from './conversations.repository.js';
import { ConversationsService } from './conversations.service.js';
import { InboundMediaService } from './inbound-media.service.js';
import { InboundController } from './inbound.controller.js';
import { InboundService } from './inbound.service.js';
import { InboundMediaKeeper } from './inbound-media-keeper.service.js';
import { ReplyMediaService } from './reply-media.service.js';
import { SnoozeWaker } from './snooze-waker.service.js';
import { MediaModule } from '../media/media.module.js';
import { MarketingOptOutsRepository } from './marketing-opt-outs.repository.js';
import { MessageEchoesService } from './message-echoes.service.js';
import { MarketingPreferenceEffects } from './marketing-preference-effects.service.js';
import { TimelineRepository } from './timeline.repository.js';
import { TimelineService } from './timeline.service.js';
import { TeamsModule } from '../teams/teams.module.js';
import { AssignmentService } from './assignment.service.js';
import { OutOfOfficeService } from './out-of-office.service.js';
import { ResponseTargetsService } from './response-targets.service.js';
import { TeamWorkRepository } from './team-work.repository.js';
import { ConversationTransitions } from './conversation-transitions.service.js';
import { TeamWorkSweeps } from './team-work-sweeps.service.js';

/**
 * Contacts, conversations and reply attribution. Above the outbox: agent replies are enqueued
 * through it, and this module subscribes to the outbox's facts (common/facts) about the window and
 * marketing refusals. The
 * webhooks use ConversationAttributionService and MarketingPreferenceEffects (in their transaction),
 * the work items InboundService, and MessageEchoesService stores what the business sent from the
 * WhatsApp Business app (in the webhook's transaction too).
 */
@Module({})
export class ConversationsModule implements OnModuleInit {
  constructor(
    private readonly facts: FactBus,
    private readonly windowGate: ConversationWindowGate,
    private readonly marketing: MarketingPreferenceEffects,
  ) {}

  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: ConversationsModule,
    imports: [OutboxModule.forRole(role), EventsModule.forRole(role), WhatsappModule, AuditModule, MediaModule.forRole(role), TeamsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [ConversationsController, ConversationPresenceController, InboundController],
    providers: [
      ConversationsRepository,
      TimelineRepository,
      TimelineService,
      ConversationAttributionService,
      ConversationWindowGate,
      ConversationsService,
      AgentPresenceService,
      AgentReactionsService,
      InboundService,
      InboundMediaService,
      ReplyMediaService,
      TeamWorkRepository,
      ConversationTransitions,
      AssignmentService,
      OutOfOfficeService,
      ResponseTargetsService,
      ...(role === 'api' ? [] : [InboundMediaKeeper, SnoozeWaker, TeamWorkSweeps]),
      MarketingOptOutsRepository,
      MarketingPreferenceEffects,
      MessageEchoesService,
    ],
    exports: [ConversationAttributionService, InboundService, MarketingPreferenceEffects, MessageEchoesService, AssignmentService],
  }));

  /** A 131047 from Meta closes our window; a 131050 marks an opt-out (facts the outbox publishes). */
  onModuleInit(): void {
    this.facts.subscribe('send.window_closed', (f) => this.windowGate.markClosed(f.phoneNumberId, f.toWaId, f.at));
    this.facts.subscribe('send.marketing_refused', (f) => this.marketing.optOutAfterRejection(f.phoneNumberId, f.toWaId, f.at));
  }
}
