import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { ConversationsRepository } from './conversations.repository.js';

const BATCH = 200;

/**
 * Wakes snoozed conversations whose time has come (`conversations.wake_snoozed`): each back in the
 * Open list, with an audit row in the same transaction and a live event once it commits. Processes
 * share the work without waking one twice (SKIP LOCKED). The customer writing wakes a thread in the
 * inbound path instead (ConversationsRepository.placeInbound).
 */
@Injectable()
export class SnoozeWaker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly repo: ConversationsRepository,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('conversations.wake_snoozed', () => this.wakeDue());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  /** One pass: every thread due now, a batch per transaction. How many woke. */
  async wakeDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const woke = await this.repo.transaction(async (tx) => {
        const rows = await this.repo.wakeDue(tx, now, BATCH);
        for (const row of rows) {
          await this.audit.record(
            {
              actor: 'system',
              action: 'conversation.woken',
              subjectType: 'conversation',
              subjectId: row.id,
              details: { reason: 'time_passed', until: row.snoozedUntil.toISOString() },
            },
            tx,
          );
          this.events.afterCommit(tx, 'conversation.changed', { conversation_id: row.id, change: 'woken', reason: 'time_passed', assignee: row.assignee });
        }
        return rows.length;
      });
      total += woke;
      if (woke < BATCH) break;
    }
    if (total > 0) this.logger.event('info', 'conversations.snooze_woken', { woken: total });
    return total;
  }
}
