import type { IncomingMessage, ServerResponse } from 'node:http';
import { newNumericId } from '../core/ids.js';
import { graphError, type GraphErrorAnswer } from '../graph/graph-error.js';
import type { SimContext } from '../sim-context.js';
import { reviewTemplate } from '../templates/template-review.js';
import type { TemplateCategory, TemplateComponent, TemplateDefinition } from '../templates/template-types.js';
import { BodyTooLarge, parseJson, readBody, sendJson } from './http-io.js';

type Json = Record<string, unknown>;
const rec = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
const CATEGORIES: readonly string[] = ['MARKETING', 'UTILITY', 'AUTHENTICATION'];

/**
 * Template management as Meta's Graph API does it: `POST /{waba_id}/message_templates` (created
 * PENDING, reviewed after `templateReviewMs`, then a `message_template_status_update` webhook),
 * `POST /{template_id}` (an edit of an APPROVED, REJECTED or PAUSED template, reviewed again) and
 * `DELETE /{waba_id}/message_templates?name=[&hsm_id=]`.
 */
export async function handleCreateTemplate(ctx: SimContext, req: IncomingMessage, res: ServerResponse, wabaId: string): Promise<void> {
  const body = await readJson(req, res);
  if (!body) return;
  const name = typeof body.name === 'string' ? body.name : '';
  const language = typeof body.language === 'string' ? body.language : '';
  const category = typeof body.category === 'string' ? body.category.toUpperCase() : '';
  if (!/^[a-z0-9_]{1,512}$/.test(name)) return answer(res, graphError(100, 'Param name must be lowercase letters, digits and underscores.'));
  if (!language) return answer(res, graphError(100, 'The parameter language is required.'));
  if (!CATEGORIES.includes(category)) return answer(res, graphError(100, 'Param category must be one of {AUTHENTICATION, MARKETING, UTILITY}.'));
  if (!Array.isArray(body.components)) return answer(res, graphError(100, 'The parameter components is required.'));
  const templates = ctx.config().templates;
  if (templates.some((t) => t.name === name && t.language === language))
    return answer(res, graphError(100, `Message template "${name}" already exists in ${language}: a template of this name and language exists.`));
  const template: TemplateDefinition = {
    id: `1${newNumericId(15)}`,
    name,
    language,
    status: 'PENDING',
    category: category as TemplateCategory,
    ...(body.parameter_format === 'NAMED' || body.parameter_format === 'POSITIONAL' ? { parameter_format: body.parameter_format } : {}),
    components: body.components.filter((c) => rec(c) !== null) as TemplateComponent[],
  };
  templates.push(template);
  ctx.log(`template ${name} (${language}) submitted: ${template.id}`);
  scheduleReview(ctx, wabaId, template);
  sendJson(res, 200, { id: template.id, status: template.status, category: template.category });
}

export async function handleEditTemplate(ctx: SimContext, req: IncomingMessage, res: ServerResponse, templateId: string): Promise<void> {
  const body = await readJson(req, res);
  if (!body) return;
  const template = ctx.config().templates.find((t) => t.id === templateId);
  if (!template) return answer(res, graphError(100, `Unsupported post request. Object with ID '${templateId}' does not exist.`));
  if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(template.status))
    return answer(res, graphError(100, `Message template in ${template.status} status cannot be edited.`));
  const category = typeof body.category === 'string' ? body.category.toUpperCase() : null;
  if (category && !CATEGORIES.includes(category)) return answer(res, graphError(100, 'Param category must be one of {AUTHENTICATION, MARKETING, UTILITY}.'));
  if (category && template.status === 'APPROVED' && category !== template.category)
    return answer(res, graphError(100, "The category of an approved message template can't be edited."));
  if (Array.isArray(body.components)) template.components = body.components.filter((c) => rec(c) !== null) as TemplateComponent[];
  if (category) template.category = category as TemplateCategory;
  template.status = 'PENDING';
  const wabaId = ctx.config().phoneNumbers[0]?.wabaId ?? '';
  scheduleReview(ctx, wabaId, template);
  sendJson(res, 200, { success: true });
}

export function handleDeleteTemplate(ctx: SimContext, res: ServerResponse, url: URL): void {
  const name = url.searchParams.get('name');
  const hsmId = url.searchParams.get('hsm_id');
  if (!name) return answer(res, graphError(100, 'The parameter name is required.'));
  const config = ctx.config();
  const doomed = config.templates.filter((t) => t.name === name && (!hsmId || t.id === hsmId));
  if (doomed.length === 0) return answer(res, graphError(100, `Message template "${name}" not found.`));
  config.templates = config.templates.filter((t) => !doomed.includes(t));
  sendJson(res, 200, { success: true });
}

/** After the review delay: Meta's verdict recorded on the template, then its status webhook. */
function scheduleReview(ctx: SimContext, wabaId: string, template: TemplateDefinition): void {
  const submitted = JSON.stringify(template.components);
  ctx.scheduler.after(ctx.config().templateReviewMs, () => {
    // Deleted or edited again meanwhile: that later submission has its own review.
    if (!ctx.config().templates.includes(template) || JSON.stringify(template.components) !== submitted || template.status !== 'PENDING') return;
    const verdict = reviewTemplate(template);
    template.status = verdict.event;
    if (verdict.event === 'REJECTED') template.rejected_reason = verdict.reason;
    else delete template.rejected_reason;
    ctx.log(`template ${template.name} (${template.language}) ${verdict.event}${verdict.event === 'REJECTED' ? `: ${verdict.reason}` : ''}`);
    ctx.emitter.enqueueField(wabaId, 'message_template_status_update', {
      event: verdict.event,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: verdict.event === 'REJECTED' ? verdict.reason : 'NONE',
      message_template_category: template.category,
      ...(verdict.event === 'REJECTED' && verdict.reason === 'INVALID_FORMAT' ? { rejection_info: verdict.info } : {}),
    });
  });
}

async function readJson(req: IncomingMessage, res: ServerResponse): Promise<Json | null> {
  try {
    const parsed = parseJson(await readBody(req));
    const body = parsed.ok ? rec(parsed.value) : null;
    if (!body) answer(res, graphError(100, 'Request body is not a JSON object.'));
    return body;
  } catch (error) {
    if (error instanceof BodyTooLarge) answer(res, graphError(100, 'Request body is too large.'));
    return null;
  }
}

function answer(res: ServerResponse, error: GraphErrorAnswer): void {
  sendJson(res, error.httpStatus, error.body);
}
