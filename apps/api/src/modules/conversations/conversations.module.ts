import { Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { OutboxPorts } from '../outbox/outbox-ports.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { ConversationAttributionService } from './conversation-attribution.service.js';
import { ConversationWindowGate } from './conversation-window-gate.service.js';
import { ConversationsController } from './conversations.controller.js';
import { ConversationsRepository } from './conversations.repository.js';
import { ConversationsService } from './conversations.service.js';
import { InboundMediaService } from './inbound-media.service.js';
import { InboundController } from './inbound.controller.js';
import { InboundService } from './inbound.service.js';

/**
 * Contacts, conversations and reply attribution. Global, so the webhook processor (attribution in
 * its transaction), the sender (window gate) and the work-items list reach it without imports.
 */
@Module({})
export class ConversationsModule implements OnModuleInit {
  constructor(
    private readonly outboxPorts: OutboxPorts,
    private readonly inbound: InboundService,
    private readonly windowGate: ConversationWindowGate,
  ) {}

  static readonly forRole = perRole(
    (role: Role): DynamicModule => ({
      module: ConversationsModule,
      global: true,
      imports: [OutboxModule.forRole(role)],
      controllers: role === 'worker' ? [] : [ConversationsController, InboundController],
      providers: [ConversationsRepository, ConversationAttributionService, ConversationWindowGate, ConversationsService, InboundService, InboundMediaService],
      exports: [ConversationAttributionService, ConversationWindowGate, ConversationsService, InboundService],
    }),
  );

  /** The message resource shows the replies we attributed; a 131047 from Meta closes our window. */
  onModuleInit(): void {
    this.outboxPorts.replies.bind(this.inbound);
    this.outboxPorts.windows.bind(this.windowGate);
  }
}
