import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { apiKeyName, parseActor } from './actor-names.js';
import { AuditRepository, type AuditEntry } from './audit.repository.js';

/** The audit trail's writer, and the names behind actor strings for every trail the API shows. */
@Injectable()
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly clock: Clock,
  ) {}

  record(entry: AuditEntry, db?: EntityManager | DataSource): Promise<void> {
    return this.repo.record(entry, this.clock.now(), db);
  }

  async trail(subjectType: string, subjectId: string) {
    const rows = await this.repo.forSubject(subjectType, subjectId);
    const names = await this.names(rows.map((r) => r.actor));
    return rows.map((r) => ({ at: r.at.toISOString(), actor: r.actor, actor_name: names.get(r.actor) ?? r.actor, action: r.action, details: r.details }));
  }

  countBySubject(subjectType: string, subjectIds: readonly string[], action: string): Promise<Map<string, number>> {
    return subjectIds.length === 0 ? Promise.resolve(new Map()) : this.repo.countBySubject(subjectType, subjectIds, action);
  }

  /** Display names for actor strings (`staff:<id>` → the person's name), one query for all of them. */
  async names(actors: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(actors)];
    const parsed = unique.map((actor) => ({ actor, parsed: parseActor(actor) }));
    const staffIds = parsed.flatMap((p) => (p.parsed.kind === 'staff' ? [p.parsed.id] : []));
    const keyIds = parsed.flatMap((p) => (p.parsed.kind === 'api_key' ? [p.parsed.id] : []));
    const found = staffIds.length + keyIds.length > 0 ? await this.repo.actors(staffIds, keyIds) : [];
    const byId = new Map(found.map((row) => [`${row.kind}:${row.id}`, row.kind === 'api_key' ? apiKeyName(row.name) : row.name]));
    return new Map(
      parsed.map(({ actor, parsed: p }) => [
        actor,
        p.kind === 'named' ? p.name : (byId.get(`${p.kind}:${p.id}`) ?? (p.kind === 'staff' ? 'A former staff member' : 'A deleted API key')),
      ]),
    );
  }
}
