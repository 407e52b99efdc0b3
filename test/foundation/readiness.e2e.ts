import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startRedisServer } from '../../apps/api/src/infra/redis-server.js';
import { startTestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

describe('health and readiness', () => {
  it('/healthz answers while the process is up; /readyz follows PostgreSQL and Redis', async () => {
    // A Redis of this test's own, so it can be stopped without disturbing other test files.
    const dataDir = path.join(os.tmpdir(), `sendbook-readyz-${process.pid}`);
    let redis = await startRedisServer(dataDir);
    const t = await startTestApp({ redisUrl: redis.url });
    try {
      await request(t.url).get('/healthz').expect(200, { status: 'ok' });

      const up = await request(t.url).get('/readyz').expect(200);
      expect(up.body).toMatchObject({ status: 'ready', database: { ok: true }, redis: { ok: true } });
      expect(up.headers['x-request-id']).toEqual(expect.any(String));

      await redis.stop();
      const down = await request(t.url).get('/readyz').expect(503);
      expect(down.body).toMatchObject({ status: 'not_ready', database: { ok: true }, redis: { ok: false } });
      await request(t.url).get('/healthz').expect(200);

      // Back again on the same address: ready again, without a restart of the API.
      redis = await startRedisServer(dataDir, undefined, Number(new URL(redis.url).port));
      await waitFor(async () => (await request(t.url).get('/readyz')).status === 200);
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});
