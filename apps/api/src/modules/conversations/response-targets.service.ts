import { Injectable } from '@nestjs/common';
import { businessSecondsBetween, customerWrote } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { AssignmentService } from './assignment.service.js';
import { OutOfOfficeService } from './out-of-office.service.js';
import { TeamWorkRepository, type TeamThread } from './team-work.repository.js';

const BREACH_BATCH = 500;

/** Whole seconds between two instants, closed hours counted too (business time with no hours). */
const wallSeconds = (from: Date, to: Date) => businessSecondsBetween(null, from, to);

/**
 * How long customers wait, against their team's targets. A customer's message starts a wait (in
 * the transaction that stores it) with its target counted in business hours; a staff reply ends it
 * and is recorded (`conversation.replied`: what reports are computed from); a wait past its target
 * is marked breached by the worker (`conversation.sla_breached`: a `waiting_customer` work item and
 * the integrator event, in the mark's transaction) until the reply or closing resolves it.
 */
@Injectable()
export class ResponseTargetsService {
  constructor(
    private readonly repo: TeamWorkRepository,
    private readonly assignment: AssignmentService,
    private readonly outOfOffice: OutOfOfficeService,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
  ) {}

  /**
   * Customers wrote in these threads (in the transaction that stores their messages, after the
   * threads were placed): their waits start, unassigned threads of assigning teams join the
   * backlog, out-of-office replies become owed. Assignment and the replies follow the commit.
   */
  async customersWrote(tx: EntityManager, threadIds: readonly string[], now: Date): Promise<void> {
    const owed: { id: string; key: string; text: string | null }[] = [];
    let backlog = false;
    for (const thread of await this.repo.lockThreads(tx, threadIds)) {
      if (thread.state !== 'open') continue;
      const change = customerWrote(thread, thread.team, now);
      if (Object.keys(change).length === 0) continue;
      await this.repo.applyCustomerWait(tx, thread.id, change, now);
      if (change.needsAssigneeSince) backlog = true;
      if (change.outOfOfficeKey) owed.push({ id: thread.id, key: change.outOfOfficeKey, text: thread.team!.outOfOfficeText });
    }
    if (backlog) this.events.runAfterCommit(tx, () => this.assignment.kick());
    if (owed.length > 0) this.events.runAfterCommit(tx, () => this.outOfOffice.sendSoon(owed));
  }

  /**
   * A staff member's reply is in the outbox: the customer's wait ends, recorded with how long it
   * was (business and wall seconds) and whether it was past the target.
   */
  async replied(conversationId: string, staffId: string, messageId: string): Promise<void> {
    const now = this.clock.now();
    await this.repo.transaction(async (tx) => {
      const [thread] = await this.repo.lockThreads(tx, [conversationId]);
      if (!thread) return;
      await this.repo.answered(tx, thread.id, now);
      const waited = thread.waitingSince ? businessSecondsBetween(thread.team?.businessHours ?? null, thread.waitingSince, now) : null;
      const breached = thread.slaBreachedAt !== null;
      await this.audit.record(
        {
          actor: `staff:${staffId}`,
          action: 'conversation.replied',
          subjectType: 'conversation',
          subjectId: thread.id,
          details: {
            agent: staffId,
            team_id: thread.teamId,
            message_id: messageId,
            waiting_for: thread.waitingFor,
            waited_seconds: waited,
            wall_seconds: thread.waitingSince ? wallSeconds(thread.waitingSince, now) : null,
            breached,
          },
        },
        tx,
      );
      if (breached) await this.resolved(tx, thread, 'replied', staffId, now);
    });
  }

  /** A breached wait ended (the reply, or closing): the work item resolves, recorded with who and why. */
  async resolved(tx: EntityManager, thread: TeamThread, reason: 'replied' | 'closed', by: string | null, now: Date): Promise<void> {
    await this.audit.record(
      {
        actor: by ? `staff:${by}` : 'system',
        action: 'conversation.sla_resolved',
        subjectType: 'conversation',
        subjectId: thread.id,
        details: {
          team_id: thread.teamId,
          assignee: thread.assignee,
          by,
          reason,
          breached_at: thread.slaBreachedAt?.toISOString() ?? null,
          waiting_for: thread.waitingFor,
          waiting_since: thread.waitingSince?.toISOString() ?? null,
          waited_seconds: thread.waitingSince ? businessSecondsBetween(thread.team?.businessHours ?? null, thread.waitingSince, now) : null,
        },
      },
      tx,
    );
    this.events.afterCommit(tx, 'work_item.changed', { kind: 'waiting_customer', change: 'resolved', conversation_id: thread.id, reason });
  }

  /** One pass of the worker: every wait past its target marked, a batch per transaction. How many. */
  async markBreaches(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const marked = await this.repo.transaction(async (tx) => {
        const breaches = await this.repo.breachDue(tx, now, BREACH_BATCH);
        for (const b of breaches) {
          await this.audit.record(
            {
              actor: 'system',
              action: 'conversation.sla_breached',
              subjectType: 'conversation',
              subjectId: b.id,
              details: {
                team_id: b.teamId,
                assignee: b.assignee,
                waiting_for: b.waitingFor,
                waiting_since: b.waitingSince.toISOString(),
                due_at: b.dueAt.toISOString(),
              },
            },
            tx,
          );
          this.events.afterCommit(tx, 'conversation.changed', { conversation_id: b.id, change: 'sla_breached', assignee: b.assignee });
          this.events.afterCommit(tx, 'work_item.changed', { kind: 'waiting_customer', change: 'created', conversation_id: b.id });
        }
        return breaches.length;
      });
      total += marked;
      if (marked < BREACH_BATCH) return total;
    }
  }
}
