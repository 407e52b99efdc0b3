import type { Template } from '@sendbook/api-contract';
import { browserApi, problemOf, unwrap, type Api, type ApiResult } from '@/lib/api';
import { problemFrom } from '@/lib/problem';
import { idempotencyHeaders } from '@/lib/request-id';
import type { TemplateCategory, toDraft } from '@/lib/template-draft';

/** The template registry (`GET /v1/templates`), synced from Meta on demand (`POST /v1/templates/sync`, admins). */
export const templateKeys = { all: ['templates'] as const, list: ['templates', 'list'] as const };

export function fetchTemplates(api: Api) {
  return api.client.GET('/v1/templates');
}

export const templatesQuery = () => ({
  queryKey: templateKeys.list,
  queryFn: () => unwrap(fetchTemplates(browserApi())),
});

export function syncTemplates(requestId: string) {
  return unwrap(browserApi().client.POST('/v1/templates/sync', { headers: idempotencyHeaders(requestId) }));
}

export type TemplateDraft = ReturnType<typeof toDraft>;

/** What Meta lets an edit change (`PATCH /v1/templates/{id}`): the components, and the category unless approved. */
export interface TemplateEdit {
  components: TemplateDraft['components'];
  category?: TemplateCategory;
}

/**
 * Submits a template for Meta's review. A refusal of Meta's rules comes back as its fields'
 * problems (`details`), so the form can show each one beside its input.
 */
export function submitTemplate(draft: TemplateDraft, requestId: string) {
  return answered(() => browserApi().client.POST('/v1/templates', { body: draft, headers: idempotencyHeaders(requestId) }));
}

/**
 * Submits an edit of a template for Meta's review again (`PATCH /v1/templates/{id}`): answered like
 * a submission, or with Meta's refusal of the edit (`409 template_not_editable`: its state, its
 * category, or its edit limit).
 */
export function editTemplate(id: string, edit: TemplateEdit, requestId: string) {
  return answered(() => browserApi().client.PATCH('/v1/templates/{id}', { params: { path: { id } }, body: edit, headers: idempotencyHeaders(requestId) }));
}

async function answered(call: () => Promise<ApiResult<{ template: Template }>>) {
  let result;
  try {
    result = await call();
  } catch {
    return { ok: false as const, problem: problemFrom(0, null), details: [] };
  }
  if (result.response.ok && result.data) return { ok: true as const, template: result.data.template };
  const body: unknown = result.error;
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? (body as { details: { field: string; message: string }[] }).details
      : [];
  return { ok: false as const, problem: problemOf(result), details };
}

/** Deletes this language of a template at Meta and from the registry (`DELETE /v1/templates/{id}`). */
export function deleteTemplate(id: string, requestId: string) {
  return unwrap(browserApi().client.DELETE('/v1/templates/{id}', { params: { path: { id } }, headers: idempotencyHeaders(requestId) }));
}
