import { Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AccessRevocations } from '../../common/auth/authenticators.js';
import { EventsAccessRevocations } from './access-revocations.js';
import { EventsController } from './events.controller.js';
import { EventsHub } from './events.hub.js';
import { EventsPublisher } from './events.publisher.js';
import { EventsStream } from './events.stream.js';
import { PresenceService } from './presence.service.js';
import { AfterCommitSubscriber } from './events.subscriber.js';

/**
 * Live events for the inbox through a Redis Stream (every API instance sees every event). The
 * webhook processing, the sender, the alerts and the conversations publish through EventsPublisher;
 * EventsHub reads the stream once per API process for all of its open streams.
 */
@Module({})
export class EventsModule implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: EventsPublisher,
  ) {}

  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: EventsModule,
    controllers: role === 'worker' ? [] : [EventsController],
    // The hub and its reader only where streams are served.
    providers: [
      EventsPublisher,
      PresenceService,
      { provide: AccessRevocations, useClass: EventsAccessRevocations },
      ...(role === 'worker' ? [] : [EventsHub, EventsStream]),
    ],
    exports: [EventsPublisher, AccessRevocations, PresenceService],
  }));

  onModuleInit(): void {
    if (!this.dataSource.subscribers.some((s) => s instanceof AfterCommitSubscriber))
      this.dataSource.subscribers.push(new AfterCommitSubscriber(this.publisher));
  }
}
