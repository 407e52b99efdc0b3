import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  TIER_WINDOW_MS,
  campaignDedupeKeyPrefix,
  campaignTemplatePayload,
  campaignRowChecker,
  csvCampaignRows,
  estimateCampaign,
  templatePlaceholders,
  type CampaignInputRow,
  type CampaignRecipientRow,
  type RefusedRow,
} from '@sendbook/queue';
import { CsvParser, FILE_CAMPAIGN_FILLS, fileCampaignRefusal, type CsvRecord } from '@sendbook/api-contract';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { csvRecord } from '../exports/domain/csv.js';
import { cancelCampaignRows, holdCampaignQueued, releaseCampaignHeld } from '../outbox/outbound-transitions.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { SendingPolicy } from '../policy/sending-policy.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import type { CampaignRecord } from './campaign.entity.js';
import { CampaignRecordsRepository, type CampaignState } from './campaign-records.repository.js';

const MAX_NAME = 100;
const MAX_ROWS = 100_000;
/** Bad rows listed in an answer; the count says how many there were in all. */
const MAX_LISTED_REFUSALS = 1_000;
const PREVIEW_ROWS = 5;
/** Rows checked between two turns of the event loop: checking one (its number parsed and normalised) takes 50–100 µs. */
const CHECK_CHUNK = 250;
/** Records mapped to recipients and variables between two turns of the event loop. */
const ROW_SLICE = 10_000;
/** About 2,000 rows of a typical file: some 10 ms of parsing between turns of the event loop. */
const PARSE_SLICE_CHARS = 64 * 1024;

/** What a campaign request says, from JSON or from a CSV upload and its query. */
interface CampaignInput {
  name: string;
  phoneNumberId: string;
  template: { name: string; language: string };
  notBefore: Date | null;
  dryRun: boolean;
  rows: CampaignInputRow[];
  variableColumns: string[] | null;
}

type Json = Record<string, unknown>;

/** Campaigns as resources: made from a list or a CSV, written to the outbox in the background, paused, resumed, cancelled. */
@Injectable()
export class CampaignRunsService {
  constructor(
    private readonly repo: CampaignRecordsRepository,
    private readonly outbox: OutboxService,
    private readonly templates: TemplatesService,
    private readonly policy: SendingPolicy,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks every row and the template, and answers what would happen. Unless a dry run, stores the
   * campaign and its recipients (one transaction) and returns at once: the workers write the rows.
   * The same name again is the same campaign: recipients it has are reported, never written twice.
   */
  async submit(body: unknown, query: Json, actor: string, forceDryRun = false) {
    const input = await this.parse(body, query);
    if (forceDryRun) input.dryRun = true;
    const template = await this.checkTemplate(input);
    const { accepted, refused } = await checkWithoutHoldingTheLoop(input.rows, template.variableCount);
    if (input.rows.length > MAX_ROWS) throw DomainError.validation([{ field: 'recipients', message: `has ${input.rows.length} rows; at most ${MAX_ROWS}` }]);
    const listed = refused.slice(0, MAX_LISTED_REFUSALS);
    if (input.dryRun) {
      // The same name is the same campaign: what it already has would not be written again, so it is not counted as going.
      const existing = await this.repo.find(input.name);
      if (existing) sameCampaign(existing, input);
      const known = existing
        ? await this.repo.knownRecipients(
            null,
            existing.id,
            accepted.map((r) => r.waId),
          )
        : new Set<string>();
      const fresh = accepted.filter((r) => !known.has(r.waId));
      const summary = await this.summarise(input, template.category, fresh, refused);
      const preview = await this.preview(input, accepted.slice(0, PREVIEW_ROWS), template.parameterNames);
      return {
        status: 200,
        body: {
          dry_run: true,
          summary: { ...summary, valid: accepted.length, added: fresh.length, already_in_campaign: known.size },
          refused: listed,
          preview,
          campaign: existing ? await this.present(existing) : null,
        },
      };
    }
    const summary = await this.summarise(input, template.category, accepted, refused);
    const preview = await this.preview(input, accepted.slice(0, PREVIEW_ROWS), template.parameterNames);
    if (accepted.length === 0) {
      throw DomainError.validation([
        { field: 'recipients', message: `no row can be sent (${refused.length} refused)` },
        ...listed.slice(0, 20).map((r) => ({ field: `recipients[line ${r.line}]`, message: r.reason })),
      ]);
    }

    const now = this.clock.now();
    const stored = await this.repo.transaction(async (tx) => {
      const fresh = await this.repo.insert(
        tx,
        {
          name: input.name,
          phoneNumberId: input.phoneNumberId,
          template: input.template,
          templateCategory: template.category,
          notBefore: input.notBefore,
          createdBy: actor,
        },
        now,
      );
      const campaign = fresh ?? (await this.repo.lock(tx, { name: input.name }));
      if (!campaign) throw new Error(`campaign ${input.name} conflicted but is gone`);
      if (!fresh) sameCampaign(campaign, input);
      const known = fresh
        ? new Set<string>()
        : await this.repo.knownRecipients(
            tx,
            campaign.id,
            accepted.map((r) => r.waId),
          );
      const added = accepted.filter((r) => !known.has(r.waId));
      await this.repo.append(tx, campaign, added, refused.length, now);
      await this.audit.record(
        {
          actor,
          action: fresh ? 'campaign.created' : 'campaign.resubmitted',
          subjectType: 'campaign',
          subjectId: campaign.id,
          details: { name: campaign.name, recipients: added.length, already_in_campaign: known.size, refused: refused.length },
        },
        tx,
      );
      return { campaign, added: added.length, already: known.size, fresh: fresh !== null };
    });
    this.logger.event('info', 'campaigns.submitted', {
      campaign_id: stored.campaign.id,
      recipients: stored.added,
      already: stored.already,
      refused: refused.length,
    });
    const campaign = await this.repo.find(stored.campaign.id);
    return {
      status: 202,
      body: {
        dry_run: false,
        campaign: await this.present(campaign!),
        summary: { ...summary, added: stored.added, already_in_campaign: stored.already },
        refused: listed,
        preview,
      },
    };
  }

  async get(ref: string) {
    const c = await this.repo.read(ref);
    if (!c) throw DomainError.notFound('campaign');
    return { campaign: await this.present(c) };
  }

  /** The campaign's rows, if it is one (a resource), else null: an integrator's tag. */
  async runOf(ref: string) {
    const c = await this.repo.read(ref);
    return c ? this.present(c) : null;
  }

  async list(limit = 50) {
    const rows = await this.repo.list(limit);
    return { data: await Promise.all(rows.map((c) => this.present(c))) };
  }

  async timeline(ref: string) {
    const c = await this.repo.read(ref);
    if (!c) throw DomainError.notFound('campaign');
    return { data: (await this.repo.timeline(c)).map((p) => ({ ...p, at: p.at.toISOString() })) };
  }

  async exportCsv(ref: string): Promise<string> {
    const c = await this.repo.read(ref);
    if (!c) throw DomainError.notFound('campaign');
    const rows = await this.repo.rowsForExport(c);
    return (
      csvRecord(['line', 'to', 'state', 'error_code', 'wamid']) + rows.map((r) => csvRecord([r.line, r.to, r.state ?? 'not_written', r.code, r.wamid])).join('')
    );
  }

  /** Holds what has not gone (before the next send), and stops writing; audited. Pausing a paused campaign answers it again. */
  pause(id: string, actor: string) {
    return this.transition(id, actor, ['running'], 'paused', 'campaign.paused', async (tx, c, now) => ({
      held: await holdCampaignQueued(tx, rowsOf(c), actor, 'campaign paused', now),
    }));
  }

  /** Releases what was held for the pause (paced again by the sender) and writes on; audited. */
  async resume(id: string, actor: string) {
    let due: Awaited<ReturnType<typeof releaseCampaignHeld>> = [];
    const result = await this.transition(id, actor, ['paused'], 'running', 'campaign.resumed', async (tx, c, now) => {
      due = await releaseCampaignHeld(tx, rowsOf(c), actor, 'campaign resumed', now);
      return { released: due.length };
    });
    await this.outbox.bringForward(due);
    return result;
  }

  /** Cancels everything not gone; nothing more is written; audited. */
  cancel(id: string, actor: string) {
    return this.transition(id, actor, ['running', 'paused', 'draft'], 'cancelled', 'campaign.cancelled', async (tx, c, now) => ({
      cancelled: await cancelCampaignRows(tx, rowsOf(c), actor, 'campaign cancelled', now),
    }));
  }

  private async transition(
    ref: string,
    actor: string,
    from: readonly CampaignState[],
    to: CampaignState,
    action: string,
    effect: (tx: Parameters<Parameters<CampaignRecordsRepository['transaction']>[0]>[0], c: CampaignRecord, now: Date) => Promise<Record<string, number>>,
  ) {
    const now = this.clock.now();
    const found = await this.repo.find(ref);
    if (!found) throw DomainError.notFound('campaign');
    await this.repo.transaction(async (tx) => {
      // Waits for a writer's batch in progress: the pause then holds that batch's rows too.
      const c = await this.repo.lock(tx, { id: found.id });
      if (!c) throw DomainError.notFound('campaign');
      if (c.state === to) return;
      if (!from.includes(c.state as CampaignState))
        throw new DomainError(ErrorCode.InvalidStateTransition, `cannot ${action.split('.')[1]!.replace(/d$/, '')} a campaign that is ${c.state}`);
      await this.repo.setState(tx, c.id, to, now);
      const details = await effect(tx, c, now);
      await this.audit.record({ actor, action, subjectType: 'campaign', subjectId: c.id, details: { name: c.name, ...details } }, tx);
      this.logger.event('info', action, { campaign_id: c.id, ...details });
    });
    return this.get(found.id);
  }

  private async present(c: CampaignRecord) {
    const [progress, names] = await Promise.all([this.repo.progress(c), this.audit.names([c.createdBy])]);
    return {
      id: c.id,
      name: c.name,
      phone_number_id: c.phoneNumberId,
      template: c.template,
      template_category: c.templateCategory,
      not_before: c.notBefore ? c.notBefore.toISOString() : null,
      state: c.state,
      rows_total: c.rowsTotal,
      rows_written: c.rowsWritten,
      rows_refused: c.rowsRefused,
      by_state: progress.byState,
      waiting_for_limit: progress.waitingForLimit,
      opted_out: progress.optedOut,
      held_for_pause: progress.paused,
      created_by: c.createdBy,
      created_by_name: names.get(c.createdBy) ?? c.createdBy,
      created_at: c.createdAt.toISOString(),
      completed_at: c.completedAt ? c.completedAt.toISOString() : null,
    };
  }

  private async parse(body: unknown, query: Json): Promise<CampaignInput> {
    const problems: FieldProblem[] = [];
    const b: Json = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Json) : {};
    const csv = typeof b.csv === 'string' ? b.csv : null;
    // A CSV upload carries its settings in the query; JSON in the body (the query may add to it).
    const pick = (key: string): unknown => (b[key] !== undefined && key !== 'csv' ? b[key] : query[key]);
    const name = typeof pick('name') === 'string' ? (pick('name') as string).trim() : '';
    if (name.length < 1 || name.length > MAX_NAME) problems.push({ field: 'name', message: `is required, 1 to ${MAX_NAME} characters` });
    const phone = pick('phone_number_id');
    const phoneNumberId = typeof phone === 'string' && phone.trim() !== '' ? phone.trim() : this.config.whatsapp.phoneNumberId;
    if (!/^\d{1,32}$/.test(phoneNumberId)) problems.push({ field: 'phone_number_id', message: 'must be a phone number id (digits)' });
    const t = pick('template');
    const tName = isJson(t) ? t.name : query.template_name;
    const tLang = isJson(t) ? t.language : query.template_language;
    if (typeof tName !== 'string' || tName === '') problems.push({ field: 'template.name', message: 'is required' });
    if (typeof tLang !== 'string' || tLang === '') problems.push({ field: 'template.language', message: 'is required (a language code, e.g. en)' });
    const nb = pick('not_before');
    let notBefore: Date | null = null;
    if (nb !== undefined && nb !== null && nb !== '') {
      notBefore = typeof nb === 'string' ? new Date(nb) : null;
      if (!notBefore || Number.isNaN(notBefore.getTime())) problems.push({ field: 'not_before', message: 'must be an ISO 8601 date-time' });
    }
    const dry = pick('dry_run');
    const dryRun = dry === true || dry === 'true' || dry === '1';
    const mappingRaw = pick('variables');
    const mapping = Array.isArray(mappingRaw) ? mappingRaw.map(String) : typeof mappingRaw === 'string' && mappingRaw !== '' ? mappingRaw.split(',') : null;

    let rows: CampaignInputRow[] = [];
    let variableColumns: string[] | null = null;
    if (csv !== null) {
      const parsed = await parseCsvWithoutHoldingTheLoop(csv);
      if (parsed.problem) problems.push({ field: 'body', message: `line ${parsed.problem.line}: ${parsed.problem.reason}` });
      else {
        const read = await campaignRowsWithoutHoldingTheLoop(parsed.records, mapping);
        if (!read.ok) problems.push({ field: read.field, message: read.reason });
        else ({ rows, variableColumns } = read);
      }
    } else if (Array.isArray(b.recipients)) {
      rows = b.recipients.map((r, i): CampaignInputRow => {
        const item: Json = isJson(r) ? r : {};
        const variables = Array.isArray(item.variables) ? item.variables.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')) : [];
        const row: CampaignInputRow = { line: i + 1, variables };
        if (typeof item.to === 'string') row.to = item.to;
        if (typeof item.recipient === 'string') row.recipient = item.recipient;
        if (item.to !== undefined && item.recipient !== undefined) row.problem = 'give exactly one of to or recipient';
        else if (typeof item.to !== 'string' && typeof item.recipient !== 'string')
          row.problem = 'no to (a phone number) or recipient (a business-scoped user id)';
        return row;
      });
    } else problems.push({ field: 'recipients', message: 'is required: a list of {"to" | "recipient", "variables"}, or send the file as text/csv' });
    if (problems.length > 0) throw DomainError.validation(problems);
    return {
      name,
      phoneNumberId,
      template: { name: tName as string, language: tLang as string },
      notBefore,
      dryRun,
      rows,
      variableColumns,
    };
  }

  /** The template must be in the registry, APPROVED, in that language; its body's variables say how many each row needs. */
  private async checkTemplate(input: CampaignInput): Promise<{ variableCount: number; category: string | null; parameterNames: string[] | null }> {
    const found = (await this.templates.list({ name: input.template.name, language: input.template.language })).data[0];
    if (!found) {
      // No registry to ask (never synced): as an integrator's send, Meta judges it at send time.
      const problems = await this.templates.problemsFor(campaignTemplatePayload(input.template, input.rows[0]?.variables ?? []), null);
      if (problems.length > 0) throw DomainError.validation(problems.map(templateField));
      return { variableCount: input.rows[0]?.variables.length ?? 0, category: null, parameterNames: null };
    }
    if (found.status !== 'APPROVED')
      throw DomainError.validation([
        { field: 'template', message: `${found.name} (${found.language}) is ${found.status}: only an APPROVED template can be sent` },
      ]);
    const components = Array.isArray(found.components) ? (found.components as Json[]) : [];
    const refusal = fileCampaignRefusal(components);
    if (refusal)
      throw DomainError.validation([
        { field: 'template', message: `${found.name} (${found.language}) cannot be sent from a file: ${refusal}; ${FILE_CAMPAIGN_FILLS}` },
      ]);
    const body = components.find((c) => String(c.type).toUpperCase() === 'BODY');
    const names = templatePlaceholders(typeof body?.text === 'string' ? body.text : '');
    const named = String(found.parameter_format ?? '').toUpperCase() === 'NAMED';
    const columns = input.variableColumns;
    if (columns && columns.length !== names.length)
      throw DomainError.validation([
        {
          field: 'variables',
          message: `the template's body has ${names.length} variables (${names.map((n) => `{{${n}}}`).join(', ') || 'none'}); the columns mapped are ${columns.length}: ${columns.join(', ') || 'none'}`,
        },
      ]);
    return { variableCount: names.length, category: found.category ?? null, parameterNames: named ? names : null };
  }

  private async summarise(input: CampaignInput, category: string | null, accepted: readonly CampaignRecipientRow[], refused: readonly RefusedRow[]) {
    const optedOut =
      category === 'MARKETING'
        ? await this.repo.optedOutAmong(
            input.phoneNumberId,
            accepted.map((r) => r.waId),
          )
        : 0;
    const now = this.clock.now();
    const usage = await this.policy.usage(input.phoneNumberId, now);
    const limit = usage.messaging_limit.limit;
    const willGo = accepted.length - optedOut;
    const start = input.notBefore && input.notBefore > now ? input.notBefore : now;
    const estimate = estimateCampaign({
      recipients: willGo,
      start,
      ratePerSecond: usage.effective_rate_per_second,
      limit: limit === 'unlimited' ? 'unlimited' : Number(limit),
      usersInWindow: usage.messaging_limit.users_in_window,
      windowMs: TIER_WINDOW_MS,
    });
    return {
      rows: input.rows.length,
      valid: accepted.length,
      refused: refused.length,
      duplicates: refused.filter((r) => r.reason.startsWith('duplicate of line')).length,
      opted_out: optedOut,
      will_go: willGo,
      today: estimate.today,
      waiting_for_limit: estimate.waitingForLimit,
      messaging_limit: limit,
      users_in_window: usage.messaging_limit.users_in_window,
      rate_per_second: usage.effective_rate_per_second,
      first_at: start.toISOString(),
      last_at: estimate.lastAt ? estimate.lastAt.toISOString() : null,
      template_category: category,
    };
  }

  /** The first rows as their customers will read them (the registry's rendering). */
  private async preview(input: CampaignInput, rows: readonly CampaignRecipientRow[], parameterNames: string[] | null) {
    return Promise.all(
      rows.map(async (r) => {
        const payload = campaignTemplatePayload(input.template, r.variables, parameterNames);
        const rendered = await this.templates.renderIfKnown(payload.template as Json);
        return { line: r.line, to: r.to, variables: r.variables, text: rendered ? rendered.body : null, rendered };
      }),
    );
  }

  /** The variables' names for a campaign's sends (named templates), from the registry. */
  async parameterNamesFor(c: Pick<CampaignRecord, 'template'>): Promise<string[] | null> {
    const found = (await this.templates.list({ name: c.template.name, language: c.template.language })).data[0];
    if (!found || String(found.parameter_format ?? '').toUpperCase() !== 'NAMED') return null;
    const body = (Array.isArray(found.components) ? (found.components as Json[]) : []).find((x) => String(x.type).toUpperCase() === 'BODY');
    return templatePlaceholders(typeof body?.text === 'string' ? body.text : '');
  }
}

/** A 100,000-row file read in one go held the event loop (webhook acks) for a third of a second: a slice at a time. */
async function parseCsvWithoutHoldingTheLoop(csv: string) {
  const parser = new CsvParser(csv);
  while (!parser.step(PARSE_SLICE_CHARS)) await nextTurn();
  return parser.result();
}

/** csvCampaignRows (the columns to recipients and variables), ROW_SLICE records at a time. */
async function campaignRowsWithoutHoldingTheLoop(records: readonly CsvRecord[], mapping: readonly string[] | null) {
  const [header, ...body] = records;
  if (!header || body.length === 0) return csvCampaignRows(records, mapping);
  const rows: CampaignInputRow[] = [];
  let variableColumns: string[] = [];
  for (let at = 0; at < body.length; at += ROW_SLICE) {
    const read = csvCampaignRows([header, ...body.slice(at, at + ROW_SLICE)], mapping);
    if (!read.ok) return read;
    for (const row of read.rows) rows.push(row);
    variableColumns = read.variableColumns;
    await nextTurn();
  }
  return { ok: true as const, rows, variableColumns };
}

/**
 * Checks the rows CHECK_CHUNK at a time, letting the event loop run between: a 100,000-row upload
 * takes a second or more of phone-number parsing, and the webhook acks this process serves must not
 * wait behind it.
 */
async function checkWithoutHoldingTheLoop(rows: readonly CampaignInputRow[], variableCount: number) {
  const checker = campaignRowChecker(variableCount);
  for (let i = 0; i < rows.length; i += CHECK_CHUNK) {
    checker.add(rows.slice(i, i + CHECK_CHUNK));
    await nextTurn();
  }
  return checker.result();
}

/** The same name again must be the same campaign (number and template), and one that can still take recipients. */
function sameCampaign(campaign: CampaignRecord, input: CampaignInput): void {
  if (
    campaign.phoneNumberId !== input.phoneNumberId ||
    campaign.template.name !== input.template.name ||
    campaign.template.language !== input.template.language
  )
    throw new DomainError(ErrorCode.CampaignExists, `a campaign named ${input.name} exists with another number or template: choose another name`);
  if (campaign.state === 'cancelled') throw new DomainError(ErrorCode.InvalidStateTransition, `campaign ${input.name} was cancelled: start a new one`);
}

export function rowsOf(c: Pick<CampaignRecord, 'id' | 'name'>) {
  return { tag: c.name, keyPrefix: campaignDedupeKeyPrefix(c.id) };
}

function templateField(p: FieldProblem): FieldProblem {
  return { ...p, field: p.field.replace(/^payload\.template/, 'template') };
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
