import { Inject, Injectable } from '@nestjs/common';
import { checkTemplateSend, renderTemplate, type RenderedTemplate, type TemplateSpec } from '@sendbook/queue';
import { GraphClient, type FieldEvent, type WaMessageTemplate } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import type { Template } from './template.entity.js';
import { presentTemplate } from './template.presenter.js';
import { TemplatesRepository, type SyncedTemplate, type TemplateChange, type TemplateFilter } from './templates.repository.js';

/** Template fields of the webhook (`message_template_quality_update` may arrive under the status field: route on shape too). */
export const TEMPLATE_FIELDS: readonly string[] = ['message_template_status_update', 'template_category_update', 'message_template_quality_update'];

/** A template in these states cannot be sent: its queued messages are held, not failed one by one. */
const UNSENDABLE: readonly string[] = ['PAUSED', 'DISABLED'];

/** Webhook events that are not a status of their own: flagged and locked templates still send. */
const NOT_A_STATUS: readonly string[] = ['FLAGGED', 'LOCKED'];

const LIST_FIELDS = ['id', 'name', 'language', 'status', 'category', 'parameter_format', 'components', 'quality_score'];

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
    } else if (typeof v.new_category === 'string' && typeof v.previous_category === 'string') change.category = v.new_category;
    if (change.status === undefined && change.category === undefined && change.quality === undefined) return null;

    const changed = await this.repo.applyChange(tx, change, now);
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
  };
}

function templateName(send: Json): string {
  return typeof send.name === 'string' ? send.name : '';
}

function templateLanguage(send: Json): string {
  return isJson(send.language) && typeof send.language.code === 'string' ? send.language.code : '';
}
