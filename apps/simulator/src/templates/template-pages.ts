import type { TemplateDefinition } from './template-types.js';

export interface TemplatePageQuery {
  limit: number;
  after?: string;
  before?: string;
}

export interface TemplatePage {
  data: TemplateDefinition[];
  /** Absent when there is nothing to list, as Graph does. */
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

/** Graph cursors are opaque base64 strings; ours encode a position in the list. */
export function encodeCursor(position: number): string {
  return Buffer.from(`tpl:${position}`).toString('base64url');
}

export function decodeCursor(cursor: string): number | null {
  const match = /^tpl:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/**
 * One page of `GET /{waba_id}/message_templates` with Graph cursor paging: `after` continues past
 * the last item, `before` goes back; `next` is omitted on the last page, `previous` on the first.
 */
export function pageTemplates(
  all: readonly TemplateDefinition[],
  query: TemplatePageQuery,
  pageUrl: (cursor: { after?: string; before?: string }) => string,
): TemplatePage {
  const limit = Math.max(1, query.limit);
  let start = 0;
  if (query.after !== undefined) start = (decodeCursor(query.after) ?? -1) + 1;
  else if (query.before !== undefined) start = Math.max(0, (decodeCursor(query.before) ?? 0) - limit);
  const end =
    query.before !== undefined && query.after === undefined ? Math.min(all.length, decodeCursor(query.before) ?? 0) : Math.min(all.length, start + limit);

  const data = all.slice(start, end).map(graphOrder);
  if (data.length === 0) return { data };
  const first = encodeCursor(start);
  const last = encodeCursor(Math.max(start, end - 1));
  const paging: NonNullable<TemplatePage['paging']> = { cursors: { before: first, after: last } };
  if (end < all.length) paging.next = pageUrl({ after: last });
  if (start > 0) paging.previous = pageUrl({ before: first });
  return { data, paging };
}

/** Graph lists template fields in this order. */
function graphOrder(t: TemplateDefinition): TemplateDefinition {
  const { name, parameter_format, components, language, status, category, id, rejected_reason } = structuredClone(t);
  const listed: TemplateDefinition =
    parameter_format === undefined
      ? { name, components, language, status, category, id }
      : { name, parameter_format, components, language, status, category, id };
  return rejected_reason === undefined ? listed : { ...listed, rejected_reason };
}
