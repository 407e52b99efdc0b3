import { Injectable } from '@nestjs/common';
import { AGENT_REPLY_PRIORITY, replyAddress } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { ConversationsRepository } from './conversations.repository.js';
import { TeamWorkRepository, type OwedOutOfOffice } from './team-work.repository.js';

/** A reply owed this long is the sweep's: the process that owed it had time to send it itself. */
const OWED_GRACE_MS = 5_000;
const SWEEP_BATCH = 200;

/**
 * Out-of-office replies: owed in the transaction that stores a customer's message outside their
 * team's hours (conversations.out_of_office_due, the dedupe key naming the closed period), then
 * enqueued through the outbox like any message. The key makes it once per conversation per closed
 * period however often the customer writes, and however often a crash makes the sweep try again.
 */
@Injectable()
export class OutOfOfficeService {
  constructor(
    private readonly repo: TeamWorkRepository,
    private readonly conversations: ConversationsRepository,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
  ) {}

  /** Sends what a transaction that just committed owed; a failure is left to the sweep. */
  sendSoon(owed: readonly OwedOutOfOffice[]): void {
    void this.send(owed).catch((error: unknown) => this.logger.event('warn', 'out_of_office.send_failed', { error: String(error) }));
  }

  /** The sweep: replies owed for a while (their process died, or the outbox was down). How many it enqueued. */
  async sweep(): Promise<number> {
    const owed = await this.repo.owedOutOfOffice(new Date(this.clock.now().getTime() - OWED_GRACE_MS), SWEEP_BATCH);
    return this.send(owed);
  }

  private async send(owed: readonly OwedOutOfOffice[]): Promise<number> {
    let sent = 0;
    for (const item of owed) {
      const conversation = await this.conversations.findConversation(item.id);
      const address = conversation ? replyAddress(conversation.contact) : null;
      // The team dropped its text, or the contact cannot be written to: nothing is owed any more.
      if (conversation && address && item.text) {
        const result = await this.outbox
          .enqueue(
            {
              dedupe_key: item.key,
              ...address,
              purpose: 'out_of_office',
              trigger_ref: `conversations/${item.id}`,
              payload: { type: 'text', text: { body: item.text, preview_url: false } },
              priority: AGENT_REPLY_PRIORITY,
              phone_number_id: conversation.phoneNumberId,
            },
            'system',
          )
          // The key holds another text (the team changed it since): the customer was answered for this period.
          .catch((error: unknown) => {
            if (error instanceof DomainError && error.code === ErrorCode.DedupeKeyConflict) return { deduplicated: true };
            throw error;
          });
        if (!result.deduplicated) sent += 1;
      }
      await this.repo.outOfOfficeSent(item.id, item.key);
    }
    return sent;
  }
}
