import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../../apps/api/src/common/auth/principal.js';
import { JsonLogger } from '../../apps/api/src/common/logging/json-logger.js';
import type { AppConfig } from '../../apps/api/src/config/config.schema.js';
import { createHttpApp } from '../../apps/api/src/create-app.js';
import { EventsHub } from '../../apps/api/src/modules/events/events.hub.js';
import { EventsPublisher } from '../../apps/api/src/modules/events/events.publisher.js';

/** Request header (JSON) a test uses to say who is calling, until the global auth guard says it. */
export const PRINCIPAL_HEADER = 'x-test-principal';

export interface ApiInstance {
  readonly app: INestApplication;
  readonly url: string;
  readonly hub: EventsHub;
  readonly publisher: EventsPublisher;
  /** What the instance logged (JSON lines, parsed). */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * One more API instance (HTTP only) on `config`'s database and Redis prefix. The caller is put on
 * `request.principal` from PRINCIPAL_HEADER before the routes run, where the auth guard will put
 * it; principals are data, so a test names any key, staff member or session it likes.
 */
export async function startApiInstance(config: AppConfig): Promise<ApiInstance> {
  const logs: Record<string, unknown>[] = [];
  const logger = new JsonLogger('info', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const app = await createHttpApp({ ...config, role: 'api' }, logger);
  app.use((req: Request & { principal?: Principal }, _res: Response, next: NextFunction) => {
    const raw = req.header(PRINCIPAL_HEADER);
    if (raw) req.principal = JSON.parse(raw) as Principal;
    next();
  });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, hub: app.get(EventsHub), publisher: app.get(EventsPublisher), logs, close: () => app.close() };
}

export const apiKeyPrincipal = (apiKeyId: string): Principal => ({ kind: 'api_key', apiKeyId, scopes: ['admin'], name: `key ${apiKeyId}` });

export const staffPrincipal = (staffId: string, sessionId: string): Extract<Principal, { kind: 'staff' }> => ({ kind: 'staff', staffId, sessionId, role: 'agent', email: `${staffId}@example.com`, name: staffId });

export const as = (principal: Principal): { headers: Record<string, string> } => ({ headers: { [PRINCIPAL_HEADER]: JSON.stringify(principal) } });
