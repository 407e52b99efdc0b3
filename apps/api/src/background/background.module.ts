import { registerQueues } from '../common/queue/register-queues.js';
import { Global, Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { BackgroundWork } from './background-work.service.js';
import { SystemController } from './system.controller.js';

/** What runs in the background (background-work.ts), run as declared, and reported to admins. */
@Global()
@Module({
  imports: [registerQueues(QUEUE_NAMES.outbound, QUEUE_NAMES.webhooks)],
  controllers: [SystemController],
  providers: [BackgroundWork],
  exports: [BackgroundWork],
})
export class BackgroundModule {}
