import type { HttpMethod, OpenApiDocument, Operation, RecordedExchange, ResponseObject } from './openapi-types.js';

/** Operations by id, with where they live. */
export function operationsOf(doc: Pick<OpenApiDocument, 'paths'>): Map<string, { path: string; method: HttpMethod; operation: Operation }> {
  const out = new Map<string, { path: string; method: HttpMethod; operation: Operation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item) as [HttpMethod, Operation][]) out.set(operation.operationId, { path, method, operation });
  }
  return out;
}

/**
 * Puts each recorded exchange into its operation: the response body under its status and content
 * type, the request body beside the request schema. Exchanges of unknown operations are skipped
 * (the e2e test names them).
 */
export function embedExamples(doc: OpenApiDocument, exchanges: readonly RecordedExchange[]): OpenApiDocument {
  const operations = operationsOf(doc);
  for (const exchange of exchanges) {
    const found = operations.get(exchange.operationId);
    if (!found) continue;
    const summary = `${exchange.request.method} ${exchange.request.url} → ${exchange.status}`;
    const response = ownResponse(doc, found.operation, String(exchange.status));
    const media = response && 'content' in response ? response.content?.[mediaKey(exchange.response.contentType)] : undefined;
    const name = exchange.variant ? `${exchange.status} ${exchange.variant}` : String(exchange.status);
    if (media) media.examples = { ...media.examples, [`recorded ${name}`]: { summary, value: exchange.response.body } };
    const requestMedia = found.operation.requestBody?.content['application/json'];
    if (requestMedia && exchange.request.body !== undefined) {
      requestMedia.examples = { ...requestMedia.examples, [`for ${name}`]: { summary, value: exchange.request.body } };
    }
  }
  return doc;
}

/** The operation's response for a status; a shared one (`$ref`) is copied in so its example is this operation's own. */
function ownResponse(doc: OpenApiDocument, operation: Operation, status: string): ResponseObject | undefined {
  const response = operation.responses[status];
  if (!response || !('$ref' in response)) return response;
  const shared = doc.components.responses[response.$ref.replace('#/components/responses/', '')];
  if (!shared) return undefined;
  const copy = structuredClone(shared);
  operation.responses[status] = copy;
  return copy;
}

/** `text/plain; charset=utf-8` → `text/plain`. */
export const mediaKey = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();
