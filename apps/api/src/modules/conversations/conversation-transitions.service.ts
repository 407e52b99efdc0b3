import { Injectable } from '@nestjs/common';
import { businessSecondsBetween } from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import type { ConversationState } from './conversation.entity.js';
import { AssignmentService } from './assignment.service.js';
import { ResponseTargetsService } from './response-targets.service.js';
import { TeamWorkRepository } from './team-work.repository.js';

export interface ConversationChange {
  state?: ConversationState;
  /** A staff id, or null to unassign. */
  assignee?: string | null;
}

/** Whole seconds between two instants, closed hours counted too (business time with no hours). */
const wallSeconds = (from: Date, to: Date) => businessSecondsBetween(null, from, to);

/**
 * Closing, reopening and assigning by hand: each a transition of the locked thread with its audit
 * row in the same transaction (`conversation.assigned`, `conversation.closed`,
 * `conversation.reopened`: one per transition). Closing ends the customer's wait (a breach resolves) and records
 * the resolution (what reports count). Whatever freed a seat or put a thread back in line drains the backlog.
 */
@Injectable()
export class ConversationTransitions {
  constructor(
    private readonly repo: TeamWorkRepository,
    private readonly targets: ResponseTargetsService,
    private readonly assignment: AssignmentService,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
  ) {}

  async apply(id: string, change: ConversationChange, by: Principal): Promise<void> {
    const now = this.clock.now();
    const staffId = by.kind === 'staff' ? by.staffId : null;
    const actor = actorOf(by);
    const outcome = await this.repo.transaction(async (tx) => {
      const [before] = await this.repo.lockThreads(tx, [id]);
      if (!before) throw DomainError.notFound('conversation');
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const assignee = change.assignee !== undefined ? change.assignee : before.assignee;

      if (change.assignee !== undefined && change.assignee !== before.assignee) {
        await this.repo.setAssignee(tx, id, change.assignee, now);
        changes.assignee = { from: before.assignee, to: change.assignee };
        await this.audit.record(
          {
            actor,
            action: 'conversation.assigned',
            subjectType: 'conversation',
            subjectId: id,
            details: { from: before.assignee, to: change.assignee, team_id: before.teamId, reason: 'by_hand' },
          },
          tx,
        );
        // Unassigned while the customer waits, in a team that assigns: back in line where it was.
        const stillOpen = (change.state ?? before.state) === 'open';
        if (change.assignee === null && stillOpen && before.waitingSince && before.team && before.team.assignmentMode !== 'manual')
          await this.repo.backToBacklog(tx, id, before.needsAssigneeSince ?? before.waitingSince, now);
      }

      if (change.state !== undefined && change.state !== before.state) {
        changes.state = { from: before.state, to: change.state };
        if (change.state === 'closed') {
          await this.repo.closed(tx, id, now);
          if (before.slaBreachedAt) await this.targets.resolved(tx, before, 'closed', staffId, now);
          await this.audit.record(
            {
              actor,
              action: 'conversation.closed',
              subjectType: 'conversation',
              subjectId: id,
              details: { team_id: before.teamId, assignee, opened_at: before.openedAt.toISOString(), resolution_seconds: wallSeconds(before.openedAt, now) },
            },
            tx,
          );
        } else {
          await this.repo.reopened(tx, id, now);
          await this.audit.record(
            { actor, action: 'conversation.reopened', subjectType: 'conversation', subjectId: id, details: { team_id: before.teamId, assignee } },
            tx,
          );
        }
      }
      return { changes, state: change.state ?? before.state, assignee };
    });

    if (Object.keys(outcome.changes).length === 0) return;
    this.events.publish('conversation.changed', { conversation_id: id, change: 'updated', state: outcome.state, assignee: outcome.assignee, by: actor });
    // As automatic assignment says it: the new assignee's inbox tells them.
    if (outcome.changes.assignee && outcome.assignee)
      this.events.publish('conversation.changed', { conversation_id: id, change: 'assigned', assignee: outcome.assignee, reason: 'by_hand', by: actor });
    // A seat freed (closed, or taken from someone) or a thread back in line: assign now, not at the next pass.
    if (outcome.changes.state?.to === 'closed' || outcome.changes.assignee) this.assignment.kick();
  }
}
