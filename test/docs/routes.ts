import type { INestApplication } from '@nestjs/common';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route the running app answers, as `GET /v1/messages/{id}`: Nest's controllers and the plain
 * Express routes (the webhook POST), read from Express's router stack, nested routers included.
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
        // Routers mounted without a prefix (mountWebhookEndpoint): their routes carry the full path.
        walk(layer.handle.stack);
      }
    }
  };
  walk(root.stack);
  return [...out].sort();
}

/** `/v1/messages/:id` → `/v1/messages/{id}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');
