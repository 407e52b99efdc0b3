import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { JsonLogger } from '../../apps/api/src/common/logging/json-logger.js';
import type { AppConfig } from '../../apps/api/src/config/config.schema.js';
import { createHttpApp } from '../../apps/api/src/create-app.js';
import { EventsHub } from '../../apps/api/src/modules/events/events.hub.js';
import { EventsPublisher } from '../../apps/api/src/modules/events/events.publisher.js';
import { createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';

export interface ApiInstance {
  readonly app: INestApplication;
  readonly url: string;
  readonly hub: EventsHub;
  readonly publisher: EventsPublisher;
  /** What the instance logged (JSON lines, parsed). */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** One more API instance (HTTP only) on `config`'s database and Redis prefix. */
export async function startApiInstance(config: AppConfig): Promise<ApiInstance> {
  const logs: Record<string, unknown>[] = [];
  const logger = new JsonLogger('info', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const app = await createHttpApp({ ...config, role: 'api' }, logger);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, hub: app.get(EventsHub), publisher: app.get(EventsPublisher), logs, close: () => app.close() };
}

/** A real integrator key, made through the API with the admin key: its id and the headers that present it. */
export async function realKey(app: { url: string }, name: string): Promise<{ id: string; headers: Record<string, string>; apiKey: string }> {
  const res = await request(app.url)
    .post('/v1/api-keys')
    .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
    .send({ name, scopes: ['admin'] })
    .expect(201);
  return { id: res.body.api_key.id as string, apiKey: res.body.key as string, headers: { authorization: `Bearer ${res.body.key as string}` } };
}

/** A real staff member signed in (once per call to `session`), with the cookie that presents each session. */
export async function realStaff(app: { url: string; dataSource: DataSource }) {
  const login = await createStaff(app, 'agent');
  return {
    id: login.id,
    password: login.password,
    session: async () => {
      const cookie = await signIn(app, login);
      const [row] = await app.dataSource.query(`SELECT id FROM staff_sessions WHERE staff_id = $1 ORDER BY created_at DESC LIMIT 1`, [login.id]);
      return { sessionId: row.id as string, headers: { cookie } };
    },
  };
}
