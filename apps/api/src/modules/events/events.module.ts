import { Global, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '../../config/config.schema.js';
import { EventsController } from './events.controller.js';
import { EventsPublisher } from './events.publisher.js';
import { EventsStream } from './events.stream.js';
import { AfterCommitSubscriber } from './events.subscriber.js';

/**
 * Live events for the inbox through a Redis Stream (every API instance sees every event).
 * Global, so webhook processing, the sender and the conversations publish without imports.
 */
@Global()
@Module({})
export class EventsModule implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: EventsPublisher,
  ) {}

  static forRole(role: Role): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      controllers: role === 'worker' ? [] : [EventsController],
      providers: [EventsPublisher, EventsStream],
      exports: [EventsPublisher],
    };
  }

  onModuleInit(): void {
    if (!this.dataSource.subscribers.some((s) => s instanceof AfterCommitSubscriber)) this.dataSource.subscribers.push(new AfterCommitSubscriber(this.publisher));
  }
}
