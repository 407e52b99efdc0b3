import { Injectable } from '@nestjs/common';
import { SNIPPET_VARIABLES, unknownSnippetVariables } from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { AuditService } from '../audit/audit.service.js';
import type { CreateSnippetDto } from './dto/create-snippet.dto.js';
import type { UpdateSnippetDto } from './dto/update-snippet.dto.js';
import { presentSnippet } from './snippet.presenter.js';
import { SnippetsRepository } from './snippets.repository.js';

const UUID = /^[0-9a-f-]{36}$/i;

/** Saved answers: everyone in the inbox reads them, admins write them (audited). */
@Injectable()
export class SnippetsService {
  constructor(
    private readonly repo: SnippetsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list() {
    return { data: (await this.repo.list()).map(presentSnippet), variables: [...SNIPPET_VARIABLES] };
  }

  async create(dto: CreateSnippetDto, by: Principal) {
    const title = dto.title.trim();
    checkVariables(dto.text);
    const id = await this.repo.insert({ title, text: dto.text, createdBy: actorOf(by) }, this.clock.now());
    if (!id) throw titleTaken(title);
    await this.audit.record({ actor: actorOf(by), action: 'snippet.created', subjectType: 'snippet', subjectId: id, details: { title } });
    return { snippet: presentSnippet((await this.repo.find(id))!) };
  }

  async update(id: string, dto: UpdateSnippetDto, by: Principal) {
    if (!UUID.test(id)) throw DomainError.notFound('snippet');
    if (dto.text !== undefined) checkVariables(dto.text);
    const title = dto.title?.trim();
    const outcome = await this.repo.update(id, { title, text: dto.text }, this.clock.now());
    if (outcome === 'missing') throw DomainError.notFound('snippet');
    if (outcome === 'taken') throw titleTaken(title!);
    await this.audit.record({
      actor: actorOf(by),
      action: 'snippet.updated',
      subjectType: 'snippet',
      subjectId: id,
      details: { title: title ?? null, text_changed: dto.text !== undefined },
    });
    return { snippet: presentSnippet((await this.repo.find(id))!) };
  }

  async delete(id: string, by: Principal): Promise<void> {
    const deleted = UUID.test(id) ? await this.repo.delete(id) : null;
    if (!deleted) throw DomainError.notFound('snippet');
    await this.audit.record({ actor: actorOf(by), action: 'snippet.deleted', subjectType: 'snippet', subjectId: id, details: { title: deleted.title } });
  }
}

/** A variable no agent's insert could fill would reach the customer as braces: refused when saved. */
function checkVariables(text: string): void {
  const unknown = unknownSnippetVariables(text);
  if (unknown.length === 0) return;
  const problems: FieldProblem[] = [
    { field: 'text', message: `unknown variable ${unknown.map((v) => `{{${v}}}`).join(', ')}; known: ${SNIPPET_VARIABLES.map((v) => `{{${v}}}`).join(', ')}` },
  ];
  throw DomainError.validation(problems);
}

function titleTaken(title: string): DomainError {
  return new DomainError(ErrorCode.SnippetExists, `a snippet titled "${title}" exists already`);
}
