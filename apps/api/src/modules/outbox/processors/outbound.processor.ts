import { Processor, WorkerHost } from '@nestjs/bullmq';
import { QUEUE_NAMES } from '@sendbook/queue';
import { DelayedError, type Job } from 'bullmq';
import { OutboundSender } from '../outbound-sender.service.js';
import type { OutboundJobData } from '../outbox-dispatcher.service.js';

/** Thin: one job = one row id; the sender holds the rules. */
@Processor(QUEUE_NAMES.outbound)
export class OutboundProcessor extends WorkerHost {
  constructor(private readonly sender: OutboundSender) {
    super();
  }

  async process(job: Job<OutboundJobData>, token?: string): Promise<string> {
    const outcome = await this.sender.send(job.data.messageId);
    if (outcome.kind === 'requeued' && token) {
      // Same job, same id, later: re-adding a job with this id while it is active would be ignored.
      await job.moveToDelayed(outcome.notBefore.getTime(), token);
      throw new DelayedError();
    }
    return outcome.kind === 'done' ? outcome.decision : outcome.kind;
  }
}
