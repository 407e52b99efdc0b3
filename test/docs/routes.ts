import { SERVER_LEVEL_ROUTES } from '../../apps/api/src/modules/webhooks/webhook-endpoint.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Every route the running app answers, as `GET /v1/messages/{id}`: what Fastify registered (Nest's
 * controllers), plus the webhook POST served on the HTTP server ahead of Fastify. (Each documented
 * operation is also requested for real, so a route listed here but not served fails that check.)
 */
export function registeredRoutes(app: TestApp): string[] {
  const out = new Set(
    app.routes.map((route) => {
      const [method, path] = route.split(' ');
      return `${method} ${toOpenApiPath(path!)}`;
    }),
  );
  for (const route of SERVER_LEVEL_ROUTES) out.add(`${route.method.toUpperCase()} ${route.path}`);
  return [...out].sort();
}

/** `/v1/messages/:id` → `/v1/messages/{id}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');
