import type { INestApplication } from '@nestjs/common';
import { SERVER_LEVEL_ROUTES } from '../../apps/api/src/modules/webhooks/webhook-endpoint.js';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route the running app answers, as `GET /v1/messages/{id}`: Nest's controllers and plain
 * Express routes, read from Express's router stack (nested routers included), plus the webhook POST
 * served on the HTTP server ahead of Express. (Each documented operation is also requested for real,
 * so a route listed here but not served fails that check.)
 */
export function registeredRoutes(app: INestApplication): string[] {
  // Express 5 exposes its root router as `app.router`.
  const root = (app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] } }).router;
  if (!root) throw new Error('no Express router found on the HTTP adapter');
  const out = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m] && m !== '_all')) {
          for (const path of paths) out.add(`${method.toUpperCase()} ${toOpenApiPath(path)}`);
        }
      } else if (layer.handle?.stack) {
        // Routers mounted without a prefix: their routes carry the full path.
        walk(layer.handle.stack);
      }
    }
  };
  walk(root.stack);
  for (const route of SERVER_LEVEL_ROUTES) out.add(`${route.method.toUpperCase()} ${route.path}`);
  return [...out].sort();
}

/** `/v1/messages/:id` → `/v1/messages/{id}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');
