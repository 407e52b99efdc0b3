import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { BackgroundWork } from './background-work.service.js';
import { SystemController } from './system.controller.js';

/** What runs in the background (background-work.ts), run as declared, and reported to admins. */
@Global()
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE_NAMES.outbound }, { name: QUEUE_NAMES.webhooks })],
  controllers: [SystemController],
  providers: [BackgroundWork],
  exports: [BackgroundWork],
})
export class BackgroundModule {}
