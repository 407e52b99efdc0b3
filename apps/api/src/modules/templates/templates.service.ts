import { Inject, Injectable } from '@nestjs/common';
import { checkTemplateDraft, templateEditRefusal, variableFormat } from '@sendbook/api-contract';
import { checkTemplateSend, renderTemplate, type RenderedTemplate, type TemplateSpec } from '@sendbook/queue';
import { GraphClient, type FieldEvent, type GraphRejected, type GraphNotSent, type GraphUnknown, type WaMessageTemplate } from '@sendbook/whatsapp';
import { DataSource, type EntityManager } from 'typeorm';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import type { CreateTemplateDto, EditTemplateDto } from './dto/template-draft.dto.js';
import type { Template } from './template.entity.js';
import { presentTemplate } from './template.presenter.js';
import { TemplatesRepository, type SyncedTemplate, type TemplateChange, type TemplateFilter } from './templates.repository.js';

/** Template fields of the webhook (`message_template_quality_update` may arrive under the status field: route on shape too). */
export const TEMPLATE_FIELDS: readonly string[] = ['message_template_status_update', 'template_category_update', 'message_template_quality_update'];

/** A template in these states cannot be sent: its queued messages are held, not failed one by one. */
const UNSENDABLE: readonly string[] = ['PAUSED', 'DISABLED'];

/** Webhook events that are not a status of their own: flagged and locked templates still send. */
const NOT_A_STATUS: readonly string[] = ['FLAGGED', 'LOCKED'];

const LIST_FIELDS = ['id', 'name', 'language', 'status', 'category', 'parameter_format', 'components', 'quality_score', 'rejected_reason'];

type Json = Record<string, unknown>;

/**
 * Registry reads on the enqueue path are cached this long per process. Syncs and webhooks in this
 * process clear the cache at once; another process's change is seen within this time (Meta's own
 * pause still holds queued rows through the webhook, whatever this cache says).
 */
const READ_CACHE_MS = 10_000;

/** The template registry: synced from Meta, updated by webhooks, checked before anything is queued. */
/** A template paused or disabled: its queued messages are to be held, with this error and reason. */
export interface TemplateHold {
  readonly template: { readonly name: string; readonly language: string };
  readonly status: string;
  readonly reason: string;
  readonly error: Record<string, unknown>;
}

@Injectable()
export class TemplatesService {
  constructor(
    private readonly repo: TemplatesRepository,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
  ) {}

  private readonly reads = new Map<string, { at: number; value: Promise<unknown> }>();

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.reads.get(key);
    if (hit && now - hit.at < READ_CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    this.reads.set(key, { at: now, value });
    value.catch(() => this.reads.delete(key));
    return value;
  }

  private templatesNamed(wabaId: string, name: string): Promise<Template[]> {
    return this.cached(`name:${wabaId}:${name}`, () => this.repo.byName(wabaId, name));
  }

  private get wabaId(): string | null {
    return this.config.whatsapp.businessAccountId;
  }

  /** Replaces the WABA's registry with what `GET /{waba_id}/message_templates` lists (every page). */
  async sync(): Promise<{ waba_id: string; synced: number; removed: number }> {
    const wabaId = this.wabaId;
    if (!wabaId) throw DomainError.validation([{ field: 'WHATSAPP_BUSINESS_ACCOUNT_ID', message: 'is not configured: there is no template registry to sync' }]);
    const result = await this.graph.listAllTemplates(wabaId, { limit: this.config.templates.syncPageSize, fields: LIST_FIELDS });
    if (result.outcome !== 'ok') {
      this.logger.event('warn', 'templates.sync_failed', { waba_id: wabaId, outcome: result.outcome });
      throw new Error(`template sync failed: ${result.outcome}`);
    }
    const templates = result.data.map(toSynced).filter((t): t is SyncedTemplate => t !== null);
    const { upserted, removed } = await this.repo.replaceAll(wabaId, templates, this.clock.now());
    this.reads.clear();
    this.logger.event('info', 'templates.synced', { waba_id: wabaId, synced: upserted, removed });
    return { waba_id: wabaId, synced: upserted, removed };
  }

  /** The registry of the configured business account; empty when none is configured. */
  async list(filter: Omit<TemplateFilter, 'wabaId'>) {
    const wabaId = this.wabaId;
    const templates = wabaId ? await this.repo.list({ ...filter, wabaId }) : [];
    return { data: templates.map(presentTemplate) };
  }

  private requireWaba(): string {
    const wabaId = this.wabaId;
    if (!wabaId)
      throw DomainError.validation([{ field: 'WHATSAPP_BUSINESS_ACCOUNT_ID', message: 'is not configured: there is no business account to hold templates' }]);
    return wabaId;
  }

  /**
   * Submits a template to Meta for review (`POST /{waba_id}/message_templates`) once it meets
   * Meta's format rules (each refusal naming its field); stored with the status Meta answers
   * (PENDING) and Meta's id until the review's webhook says APPROVED or REJECTED. Audited.
   */
  async create(dto: CreateTemplateDto, by: Principal) {
    const wabaId = this.requireWaba();
    const draft = {
      name: dto.name,
      language: dto.language,
      category: dto.category.toUpperCase(),
      parameter_format: dto.parameter_format ?? variableFormat(texts(dto.components)),
      components: dto.components,
    };
    const problems = checkTemplateDraft(draft);
    if (problems.length > 0) throw DomainError.validation(problems);
    // The row comes first (PENDING, no Meta id yet): its unique key refuses a second submission of
    // the name and language, and Meta's review webhook, which may come back before Meta's answer
    // to the create is handled, finds it by name and language.
    const now = this.clock.now();
    const held = await this.repo.reserveSubmission(
      wabaId,
      { name: draft.name, language: draft.language, category: draft.category, parameterFormat: draft.parameter_format, components: draft.components },
      now,
    );
    if (!held) throw new DomainError(ErrorCode.TemplateExists, `a template named ${draft.name} exists in ${draft.language} already`, { field: 'name' });
    const answer = await this.graph.createTemplate(wabaId, draft);
    if (answer.outcome !== 'ok') {
      await this.repo.releaseSubmission(held);
      throw metaFailure(answer, 'submit the template');
    }
    const row = await this.dataSource.transaction(async (tx) => {
      const made = await this.repo.confirmSubmission(
        tx,
        held,
        { metaId: answer.id, status: answer.status, category: answer.category ?? draft.category },
        this.clock.now(),
      );
      await this.audit.record(
        {
          actor: actorOf(by),
          action: 'template.submitted',
          subjectType: 'template',
          subjectId: answer.id,
          details: { name: draft.name, language: draft.language, category: draft.category },
        },
        tx,
      );
      this.events.afterCommit(tx, 'template.changed', { template_id: answer.id, status: made.status });
      return made;
    });
    this.reads.clear();
    this.logger.event('info', 'templates.submitted', { waba_id: wabaId, name: draft.name, language: draft.language, meta_id: answer.id });
    return { template: presentTemplate(row) };
  }

  /**
   * Edits a template as Meta allows (`POST /{template_id}`): APPROVED, REJECTED or PAUSED ones
   * only, an approved one's category never, and an approved one once in 24 h and 10 times in 30
   * days; `409 template_not_editable` otherwise. Meta reviews the edit: PENDING until its webhook.
   */
  async edit(metaId: string, dto: EditTemplateDto, by: Principal) {
    const wabaId = this.requireWaba();
    const template = await this.repo.byMetaId(wabaId, metaId);
    if (!template) throw DomainError.notFound(`template ${metaId}`);
    if (dto.category === undefined && dto.components === undefined)
      throw DomainError.validation([{ field: 'components', message: 'give the components or the category to change' }]);
    const now = this.clock.now();
    const refusal = templateEditRefusal(
      template,
      { category: dto.category ?? null },
      template.approvedEdits.map((d) => new Date(d)),
      now,
    );
    if (refusal) throw new DomainError(ErrorCode.TemplateNotEditable, refusal.message, { reason: refusal.code });
    const components = dto.components ?? template.components;
    const draft = {
      name: template.name,
      language: template.language,
      category: (dto.category ?? template.category).toUpperCase(),
      parameter_format: variableFormat(texts(components)),
      components,
    };
    const problems = checkTemplateDraft(draft);
    if (problems.length > 0) throw DomainError.validation(problems);
    const change = { ...(dto.components ? { components: dto.components } : {}), ...(dto.category ? { category: draft.category } : {}) };
    const answer = await this.graph.editTemplate(metaId, change);
    if (answer.outcome !== 'ok') throw metaFailure(answer, 'edit the template');
    const row = await this.dataSource.transaction(async (tx) => {
      const edited = await this.repo.markEdited(
        tx,
        template.id,
        { category: draft.category, components, parameterFormat: draft.parameter_format, countEdit: template.status === 'APPROVED' },
        now,
      );
      await this.audit.record(
        {
          actor: actorOf(by),
          action: 'template.edited',
          subjectType: 'template',
          subjectId: metaId,
          details: { name: template.name, language: template.language, previous_status: template.status, changed: Object.keys(change) },
        },
        tx,
      );
      this.events.afterCommit(tx, 'template.changed', { template_id: metaId, status: edited.status });
      return edited;
    });
    this.reads.clear();
    return { template: presentTemplate(row) };
  }

  /** Deletes one language of a template at Meta (`DELETE /{waba_id}/message_templates?name=&hsm_id=`) and from the registry. Audited. */
  async remove(metaId: string, by: Principal): Promise<void> {
    const wabaId = this.requireWaba();
    const template = await this.repo.byMetaId(wabaId, metaId);
    if (!template) throw DomainError.notFound(`template ${metaId}`);
    const answer = await this.graph.deleteTemplate(wabaId, template.name, metaId);
    if (answer.outcome !== 'ok') throw metaFailure(answer, 'delete the template');
    await this.dataSource.transaction(async (tx) => {
      await this.repo.delete(tx, template.id);
      await this.audit.record(
        {
          actor: actorOf(by),
          action: 'template.deleted',
          subjectType: 'template',
          subjectId: metaId,
          details: { name: template.name, language: template.language, status: template.status },
        },
        tx,
      );
      this.events.afterCommit(tx, 'template.changed', { template_id: metaId, deleted: true });
    });
    this.reads.clear();
  }

  /**
   * Problems with the templates of a message about to be queued (its payload and its fallback):
   * the template exists in that language, is APPROVED, and each component has its parameters.
   */
  async problemsFor(payload: Json, fallbackTemplate: Json | null): Promise<FieldProblem[]> {
    const sends: [unknown, string][] = [];
    if (payload.type === 'template') sends.push([payload.template, 'payload.template']);
    if (fallbackTemplate) sends.push([fallbackTemplate, 'fallback_template']);
    if (sends.length === 0) return [];
    const wabaId = this.wabaId;
    // No WABA configured, or a registry never synced (empty): we cannot judge, so we do not block
    // enqueue. Meta still refuses a wrong template at send time (132000/132001), and the row fails there.
    if (!wabaId || !(await this.cached(`any:${wabaId}`, () => this.repo.hasAny(wabaId)))) {
      this.logger.event('info', 'templates.unchecked', { waba_id: wabaId, reason: wabaId ? 'registry not synced yet' : 'no WABA configured' });
      return [];
    }
    const problems: FieldProblem[] = [];
    for (const [send, at] of sends) {
      const name = isJson(send) && typeof send.name === 'string' ? send.name : '';
      problems.push(...checkTemplateSend(send, (await this.templatesNamed(wabaId, name)).map(toSpec), at));
    }
    return problems;
  }

  /**
   * The registry's verdict on a template send before it is sent (the composer's check): its
   * problems named by field, exactly as enqueueing would name them, else the text the customer sees.
   */
  async check(send: Json): Promise<{ rendered: RenderedTemplate }> {
    const problems = await this.problemsFor({ type: 'template', template: send }, null);
    if (problems.length > 0) throw DomainError.validation(problems.map((p) => ({ ...p, field: p.field.replace(/^payload\.template/, 'template') })));
    return this.render(send);
  }

  /** A template message as the customer saw it; 404 when the registry does not know the template. */
  async render(send: Json): Promise<{ rendered: RenderedTemplate }> {
    const rendered = await this.renderIfKnown(send);
    if (!rendered) throw DomainError.notFound(`template ${templateName(send)} (${templateLanguage(send)})`);
    return { rendered };
  }

  /** The same, or null for a template the registry does not know (never synced, or removed since). */
  async renderIfKnown(send: Json): Promise<RenderedTemplate | null> {
    const wabaId = this.wabaId;
    const code = templateLanguage(send);
    const spec = wabaId ? (await this.templatesNamed(wabaId, templateName(send))).find((t) => t.language === code) : undefined;
    return spec ? renderTemplate(toSpec(spec), send) : null;
  }

  /**
   * A template webhook, inside the claim's transaction: status, category or quality change between
   * syncs. A template that becomes PAUSED or DISABLED must hold its queued messages, whether or not
   * the registry knows it yet: returned as a hold for the caller to have the outbox make.
   */
  async applyFieldEvent(tx: EntityManager, event: FieldEvent, now: Date): Promise<TemplateHold | null> {
    this.reads.clear();
    if (!isJson(event.value)) return null;
    const v = event.value;
    const isTemplateEvent = TEMPLATE_FIELDS.includes(event.field) || typeof v.new_quality_score === 'string';
    if (!isTemplateEvent || !event.wabaId) return null;
    const change: TemplateChange = {
      wabaId: event.wabaId,
      metaId: v.message_template_id === undefined || v.message_template_id === null ? null : String(v.message_template_id),
      name: typeof v.message_template_name === 'string' ? v.message_template_name : null,
      language: typeof v.message_template_language === 'string' ? v.message_template_language : null,
    };
    if (typeof v.new_quality_score === 'string') change.quality = v.new_quality_score;
    else if (typeof v.event === 'string') {
      if (!NOT_A_STATUS.includes(v.event)) change.status = v.event === 'REINSTATED' ? 'APPROVED' : v.event;
      change.rejection = change.status === 'REJECTED' ? rejectionOf(v) : null;
    } else if (typeof v.new_category === 'string' && typeof v.previous_category === 'string') change.category = v.new_category;
    if (change.status === undefined && change.category === undefined && change.quality === undefined) return null;

    const changed = await this.repo.applyChange(tx, change, now);
    if (changed.length > 0) this.events.afterCommit(tx, 'template.changed', { template_id: change.metaId, status: change.status ?? null });
    this.logger.event('info', 'templates.webhook_applied', {
      field: event.field,
      waba_id: change.wabaId,
      name: change.name,
      language: change.language,
      status: change.status,
      category: change.category,
      quality: change.quality,
      known: changed.length > 0,
    });

    if (!change.status || !UNSENDABLE.includes(change.status) || !change.name || !change.language) return null;
    return {
      template: { name: change.name, language: change.language },
      status: change.status,
      reason: `template ${change.status.toLowerCase()}: held`,
      error: {
        code: null,
        title: `Template ${change.status.toLowerCase()}`,
        message: `template ${change.name} (${change.language}) is ${change.status}`,
        details: { reason: v.reason ?? null, other_info: v.other_info ?? null },
      },
    };
  }
}

/** Meta's reason for a rejection (`reason`, and for INVALID_FORMAT its `rejection_info` words and advice). */
function rejectionOf(v: Json): { reason: string; detail: string | null; recommendation: string | null } {
  const info = isJson(v.rejection_info) ? v.rejection_info : {};
  return {
    reason: typeof v.reason === 'string' && v.reason !== '' ? v.reason : 'NONE',
    detail: typeof info.reason === 'string' ? info.reason : null,
    recommendation: typeof info.recommendation === 'string' ? info.recommendation : null,
  };
}

/** The header and body texts of a draft's components, where its variables are. */
function texts(components: readonly unknown[]): string[] {
  return components.flatMap((c) => (isJson(c) && typeof c.text === 'string' && (c.type === 'HEADER' || c.type === 'BODY') ? [c.text] : []));
}

/** Meta refused the call (422 with its words), or could not be reached (502). */
function metaFailure(answer: GraphRejected | GraphNotSent | GraphUnknown, what: string): DomainError {
  if (answer.outcome === 'rejected') {
    const error = answer.error;
    return new DomainError(ErrorCode.MetaRefused, `Meta refused to ${what}: ${error.details ?? error.message}`, {
      meta_error: { code: error.code, message: error.message, details: error.details ?? null },
    });
  }
  return new DomainError(ErrorCode.MetaUnreachable, `could not reach Meta to ${what} (${answer.reason}); try again`);
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSpec(t: Template): TemplateSpec {
  return { name: t.name, language: t.language, status: t.status, parameterFormat: t.parameterFormat, components: t.components };
}

function toSynced(t: WaMessageTemplate): SyncedTemplate | null {
  if (!t.name || !t.language) return null;
  const quality = isJson(t.quality_score) && typeof t.quality_score.score === 'string' ? t.quality_score.score : null;
  return {
    metaId: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    quality,
    parameterFormat: typeof t.parameter_format === 'string' ? t.parameter_format : null,
    components: t.components,
    rejection:
      t.status === 'REJECTED'
        ? { reason: typeof t.rejected_reason === 'string' && t.rejected_reason !== '' ? t.rejected_reason : 'NONE', detail: null, recommendation: null }
        : null,
  };
}

function templateName(send: Json): string {
  return typeof send.name === 'string' ? send.name : '';
}

function templateLanguage(send: Json): string {
  return isJson(send.language) && typeof send.language.code === 'string' ? send.language.code : '';
}
