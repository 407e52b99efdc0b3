import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { normaliseBusinessHours, type BusinessHours } from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { MAX_OUT_OF_OFFICE_LENGTH, type CreateTeamDto, type UpdateTeamDto } from './dto/team.dto.js';
import { presentTeam } from './team.presenter.js';
import { TeamsRepository, type TeamSettings } from './teams.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Teams: who is in each, which business numbers reach it, and the settings assignment, response
 * targets and out-of-office read. Everyone in the inbox reads them; admins change them, audited,
 * and every open inbox hears `team.changed`.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: TeamsRepository,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
  ) {}

  async list() {
    return { data: (await this.repo.list()).map(presentTeam) };
  }

  async show(id: string) {
    const team = UUID.test(id) ? await this.repo.find(id) : null;
    if (!team) throw DomainError.notFound('team');
    return { team: presentTeam(team) };
  }

  async create(dto: CreateTeamDto, by: Principal) {
    const settings = settingsOf(dto);
    const name = settings.name!;
    const id = await this.dataSource.transaction(async (tx) => {
      await this.checkMembers(dto.member_ids, tx);
      const made = await this.repo.insert(
        {
          name,
          assignmentMode: settings.assignmentMode ?? 'manual',
          maxOpen: settings.maxOpen ?? 10,
          firstResponseSeconds: settings.firstResponseSeconds ?? null,
          nextResponseSeconds: settings.nextResponseSeconds ?? null,
          businessHours: settings.businessHours ?? null,
          reassignAfterSeconds: settings.reassignAfterSeconds ?? null,
          outOfOfficeText: settings.outOfOfficeText ?? null,
        },
        this.clock.now(),
        tx,
      );
      if (!made) throw nameTaken(name);
      await this.repo.replaceMembers(made, dto.member_ids ?? [], tx);
      await this.routeNumbers(made, dto.phone_number_ids ?? [], tx);
      await this.audit.record(
        { actor: actorOf(by), action: 'team.created', subjectType: 'team', subjectId: made, details: { name, ...changedFields(dto) } },
        tx,
      );
      this.events.afterCommit(tx, 'team.changed', { team_id: made });
      return made;
    });
    return { team: presentTeam((await this.repo.find(id))!) };
  }

  async update(id: string, dto: UpdateTeamDto, by: Principal) {
    if (!UUID.test(id)) throw DomainError.notFound('team');
    const settings = settingsOf(dto);
    await this.dataSource.transaction(async (tx) => {
      await this.checkMembers(dto.member_ids, tx);
      const outcome = await this.repo.update(id, settings, this.clock.now(), tx);
      if (outcome === 'missing') throw DomainError.notFound('team');
      if (outcome === 'taken') throw nameTaken(settings.name!);
      if (dto.member_ids !== undefined) await this.repo.replaceMembers(id, dto.member_ids, tx);
      if (dto.phone_number_ids !== undefined) await this.routeNumbers(id, dto.phone_number_ids, tx);
      await this.audit.record({ actor: actorOf(by), action: 'team.updated', subjectType: 'team', subjectId: id, details: changedFields(dto) }, tx);
      this.events.afterCommit(tx, 'team.changed', { team_id: id });
    });
    return { team: presentTeam((await this.repo.find(id))!) };
  }

  async delete(id: string, by: Principal): Promise<void> {
    const deleted = UUID.test(id) ? await this.repo.delete(id) : null;
    if (!deleted) throw DomainError.notFound('team');
    await this.audit.record({
      actor: actorOf(by),
      action: 'team.deleted',
      subjectType: 'team',
      subjectId: id,
      details: { name: deleted.name, phone_number_ids: deleted.phoneNumberIds },
    });
    this.events.publish('team.changed', { team_id: id, deleted: true });
  }

  /** Members must be active staff: each other id is refused naming `member_ids[i]`. */
  private async checkMembers(ids: readonly string[] | undefined, tx: EntityManager): Promise<void> {
    if (!ids || ids.length === 0) return;
    const unfit = await this.repo.unfitStaff(ids, tx);
    if (unfit.size === 0) return;
    const problems: FieldProblem[] = ids.flatMap((staffId, i) => {
      const why = unfit.get(staffId);
      return why ? [{ field: `member_ids[${i}]`, message: why === 'unknown' ? `no staff member has id ${staffId}` : `${staffId} is deactivated` }] : [];
    });
    throw DomainError.validation(problems);
  }

  /** A number goes to one team: one routed elsewhere is a 409 naming it and its team (nothing changes). */
  private async routeNumbers(teamId: string, numberIds: readonly string[], tx: EntityManager): Promise<void> {
    const held = await this.repo.replaceNumbers(teamId, numberIds, tx);
    if (held.length === 0) return;
    const first = held[0]!;
    throw new DomainError(ErrorCode.NumberRouted, held.map((h) => `phone number ${h.phoneNumberId} is routed to team "${h.teamName}"`).join('; '), {
      routed: held.map((h) => ({ phone_number_id: h.phoneNumberId, team_id: h.teamId, team_name: h.teamName })),
      field: `phone_number_ids[${numberIds.indexOf(first.phoneNumberId)}]`,
    });
  }
}

/** The request's settings, business hours checked and normalised (400 naming the field at fault). */
function settingsOf(dto: CreateTeamDto | UpdateTeamDto): TeamSettings {
  let businessHours: BusinessHours | null | undefined = dto.business_hours === null ? null : undefined;
  if (dto.business_hours) {
    const checked = normaliseBusinessHours(dto.business_hours);
    if (!checked.ok) throw DomainError.validation(checked.problems);
    businessHours = checked.value;
  }
  return {
    name: dto.name?.trim(),
    assignmentMode: dto.assignment?.mode,
    maxOpen: dto.assignment?.max_open,
    firstResponseSeconds: dto.targets?.first_response_seconds,
    nextResponseSeconds: dto.targets?.next_response_seconds,
    businessHours,
    reassignAfterSeconds:
      dto.assignment?.reassign_after_minutes === undefined
        ? undefined
        : dto.assignment.reassign_after_minutes === null
          ? null
          : dto.assignment.reassign_after_minutes * 60,
    outOfOfficeText: outOfOfficeText(dto.out_of_office),
  };
}

/** The out-of-office text as given (trimmed): undefined leaves it, null turns it off; a bad one is a 400 naming the field. */
function outOfOfficeText(given: { text?: unknown } | null | undefined): string | null | undefined {
  if (given === undefined || given === null) return given;
  const keys = Object.keys(given).filter((k) => k !== 'text');
  if (keys.length > 0) throw DomainError.validation(keys.map((k) => ({ field: `out_of_office.${k}`, message: 'is not a field of out_of_office (text)' })));
  const text = typeof given.text === 'string' ? given.text.trim() : '';
  if (text.length === 0) throw DomainError.validation([{ field: 'out_of_office.text', message: 'must be text that is not blank' }]);
  if (text.length > MAX_OUT_OF_OFFICE_LENGTH)
    throw DomainError.validation([{ field: 'out_of_office.text', message: `must be at most ${MAX_OUT_OF_OFFICE_LENGTH} characters` }]);
  return text;
}

/** What the audit trail says changed: the new values, members and numbers as lists. */
function changedFields(dto: CreateTeamDto | UpdateTeamDto): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['name', 'member_ids', 'phone_number_ids', 'assignment', 'targets', 'business_hours', 'out_of_office'] as const)
    if (dto[key] !== undefined) out[key] = key === 'name' ? dto.name!.trim() : dto[key];
  return out;
}

function nameTaken(name: string): DomainError {
  return new DomainError(ErrorCode.TeamExists, `a team named "${name}" exists already`);
}
