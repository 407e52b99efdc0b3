import { conversationsArea } from './areas/conversations.js';
import { docsArea } from './areas/docs.js';
import { eventsArea } from './areas/events.js';
import { healthArea } from './areas/health.js';
import { inboundArea } from './areas/inbound.js';
import { metricsArea } from './areas/metrics.js';
import { numbersArea } from './areas/numbers.js';
import { outboxArea } from './areas/outbox.js';
import { templatesArea } from './areas/templates.js';
import { webhooksArea } from './areas/webhooks.js';
import { workItemsArea } from './areas/work-items.js';
import { ERROR_SCHEMAS, SECURITY_SCHEMES, SHARED_RESPONSES } from './common.js';
import { embedExamples } from './embed-examples.js';
import { RECORDED_EXCHANGES } from './examples.data.js';
import type { ApiArea, OpenApiDocument } from './openapi-types.js';
import type { RecordedExchange } from './recorded-exchange.js';

export const API_AREAS: readonly ApiArea[] = [outboxArea, conversationsArea, inboundArea, templatesArea, workItemsArea, numbersArea, webhooksArea, eventsArea, metricsArea, healthArea, docsArea];

const DESCRIPTION = `Sendbook writes each WhatsApp message as a row keyed by the business event, sends it once, and keeps the books on what Meta reports afterwards.

Integrator endpoints take \`Authorization: Bearer <api key>\`; public JSON is snake_case. Every error is \`{"error": <code>, "message": …}\`, validation errors add \`details: [{field, message}]\`.

The examples are real exchanges recorded by the end-to-end test \`test/docs/openapi.e2e.ts\` (ids and times normalised).`;

/** The whole document, built fresh (areas are data; a copy keeps callers from sharing mutations). */
export function buildOpenApiDocument(exchanges: readonly RecordedExchange[] = RECORDED_EXCHANGES): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: OpenApiDocument['components']['schemas'] = { ...ERROR_SCHEMAS };
  for (const area of API_AREAS) {
    for (const [path, item] of Object.entries(area.paths)) {
      if (paths[path]) throw new Error(`OpenAPI: ${path} is described by two areas`);
      paths[path] = item;
    }
    for (const [name, schema] of Object.entries(area.schemas ?? {})) {
      if (schemas[name]) throw new Error(`OpenAPI: schema ${name} is defined twice`);
      schemas[name] = schema;
    }
  }
  const doc: OpenApiDocument = structuredClone({
    openapi: '3.1.0',
    info: { title: 'Sendbook API', version: '0.1.0', description: DESCRIPTION },
    tags: API_AREAS.map((a) => a.tag),
    security: [{ apiKey: [] }],
    paths,
    components: { schemas, securitySchemes: SECURITY_SCHEMES, responses: SHARED_RESPONSES },
  });
  return embedExamples(doc, exchanges);
}
