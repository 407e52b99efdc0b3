import { Injectable } from '@nestjs/common';
import { businessSecondsBetween, planAssignments, type Backlogged } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { PresenceService } from '../events/presence.service.js';
import { TeamsRepository } from '../teams/teams.repository.js';
import { TeamWorkRepository, type AutoTeam } from './team-work.repository.js';

/** Conversations planned per team per pass: a larger backlog drains over the next passes. */
const PASS = 200;
/**
 * One lock for all automatic assignment, across processes: a pass reads every seat's load and
 * writes its plan before the next pass reads, so nobody goes over capacity whichever API or
 * worker process runs it. Passes are a few milliseconds; contention is not the bottleneck.
 */
const ASSIGNMENT_LOCK = 0x5e4d_a551;

/**
 * Automatic assignment (teams in `round_robin` or `balanced` mode): a conversation that needs a
 * person goes to an available, online member with room, oldest waiting first; when nobody has
 * room it waits in the backlog. A pass runs at once when a customer writes, a conversation closes
 * or is unassigned, and every TEAM_WORK_INTERVAL_MS in the workers (someone came online or became
 * available, a reassignment is due). Each assignment is a guarded UPDATE with its audit row in the
 * pass's transaction: one conversation is never assigned twice.
 */
@Injectable()
export class AssignmentService {
  /** Passes asked for while one runs: one more pass covers them all. */
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly repo: TeamWorkRepository,
    private readonly teams: TeamsRepository,
    private readonly presence: PresenceService,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
  ) {}

  /** Drains soon, without waiting (a change that may have made room, or work): errors are logged, the periodic pass retries. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain().catch((error: unknown) => this.logger.event('warn', 'assignment.pass_failed', { error: String(error) }));
      } while (this.again);
      this.running = null;
    })();
  }

  /** One pass over the teams that assign by themselves: how many conversations were assigned. */
  async drain(): Promise<number> {
    let assigned = 0;
    for (const team of await this.repo.autoTeams()) assigned += await this.drainTeam(team);
    return assigned;
  }

  private async drainTeam(candidate: AutoTeam): Promise<number> {
    const members = (await this.repo.transaction((tx) => this.repo.seats(tx, candidate.id))).map((s) => s.staffId);
    const online = await this.presence.online(members);
    const done = await this.repo.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [ASSIGNMENT_LOCK]);
      // Read again under the lock: settings and loads as they are now, not before another pass.
      const [team] = await this.repo.autoTeams(tx, [candidate.id]);
      if (!team) return [];
      const seats = (await this.repo.seats(tx, team.id)).filter((s) => online.get(s.staffId));
      if (seats.length === 0) return [];
      const now = this.clock.now();
      const waiting: Backlogged[] = [
        ...(await this.unansweredOf(tx, team, now)),
        ...(await this.repo.backlog(tx, team.id, PASS)).map((id) => ({ conversationId: id })),
      ];
      const plan = planAssignments(team.mode, seats, team.maxOpen, waiting);
      const made: { id: string; from: string | null; to: string }[] = [];
      for (const step of plan) {
        const from = waiting.find((w) => w.conversationId === step.conversationId)?.not ?? null;
        if (!(await this.repo.assignIf(tx, step.conversationId, from, step.staffId, now))) continue;
        const reason = from ? 'unanswered' : 'auto';
        await this.audit.record(
          {
            actor: 'system',
            action: 'conversation.assigned',
            subjectType: 'conversation',
            subjectId: step.conversationId,
            details: { from, to: step.staffId, team_id: team.id, reason, mode: team.mode },
          },
          tx,
        );
        this.events.afterCommit(tx, 'conversation.changed', { conversation_id: step.conversationId, change: 'assigned', assignee: step.staffId, reason });
        made.push({ id: step.conversationId, from, to: step.staffId });
      }
      await this.teams.markAssigned(
        team.id,
        made.map((m) => m.to),
        now,
        tx,
      );
      return made;
    });
    if (done.length > 0) this.logger.event('info', 'assignment.assigned', { team_id: candidate.id, assigned: done.length });
    return done.length;
  }

  /** Threads whose assignee has left a waiting customer unanswered past the team's reassignment time (business hours). */
  private async unansweredOf(tx: EntityManager, team: AutoTeam, now: Date): Promise<Backlogged[]> {
    if (team.reassignAfterSeconds === null) return [];
    const limit = team.reassignAfterSeconds;
    const rows = await this.repo.unanswered(tx, team.id, new Date(now.getTime() - limit * 1000), PASS);
    return rows.filter((r) => businessSecondsBetween(team.businessHours, r.since, now) >= limit).map((r) => ({ conversationId: r.id, not: r.assignee }));
  }
}
