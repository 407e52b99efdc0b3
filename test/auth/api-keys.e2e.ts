import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createHttpApp } from '../../apps/api/src/create-app.js';
import { messageRequest } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testEnv, TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

const admin = (t: { url: string }) => ({
  get: (p: string) => request(t.url).get(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
  post: (p: string) => request(t.url).post(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
  patch: (p: string) => request(t.url).patch(p).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`),
});

/** Another API instance on the same database and Redis: what a second replica sees. */
async function secondInstance(t: TestApp): Promise<{ url: string; app: INestApplication }> {
  const app = await createHttpApp(t.config);
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

describe('integrator API keys: scoped, named, listed and revoked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the bootstrap key hashed, once, with the admin scope', async () => {
    const rows = await t.dataSource.query(`SELECT key_hash, scopes, created_by FROM api_keys WHERE name = 'bootstrap'`);
    expect(rows).toEqual([{ key_hash: expect.stringMatching(/^[0-9a-f]{64}$/), scopes: ['admin'], created_by: 'bootstrap' }]);
    expect(rows[0].key_hash).not.toContain(TEST_SECRETS.apiKey);
  });

  it('shows a new key once, lists it without its secret, and records who made it and when it was used', async () => {
    const created = await admin(t)
      .post('/v1/api-keys')
      .send({ name: 'order system', scopes: ['send'] })
      .expect(201);
    const { key, api_key } = created.body;
    expect(key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({
      name: 'order system',
      scopes: ['send'],
      prefix: key.slice(0, 12),
      created_by: expect.stringMatching(/^api_key:/),
      last_used_at: null,
      revoked_at: null,
    });
    await request(t.url)
      .post('/v1/messages')
      .set('Authorization', `Bearer ${key}`)
      .send(messageRequest({ dedupe_key: 'scoped-1' }))
      .expect(201);
    const listed = (await admin(t).get('/v1/api-keys').expect(200)).body.data.find((k: { id: string }) => k.id === api_key.id);
    expect(JSON.stringify(listed)).not.toContain(key);
    await waitFor(async () => (await admin(t).get('/v1/api-keys')).body.data.find((k: { id: string }) => k.id === api_key.id).last_used_at !== null, {
      what: 'last_used_at',
    });
  });

  it('a key may expire: refused from then on, on every instance within a second; a time in the past is refused at creation', async () => {
    const past = await admin(t)
      .post('/v1/api-keys')
      .send({ name: 'too late', scopes: ['send'], expires_at: new Date(Date.now() - 1000).toISOString() })
      .expect(400);
    expect(past.body.details).toEqual([{ field: 'expires_at', message: 'must be in the future' }]);
    const soon = new Date(Date.now() + 1500);
    const created = await admin(t)
      .post('/v1/api-keys')
      .send({ name: 'a campaign agency', scopes: ['send'], expires_at: soon.toISOString() })
      .expect(201);
    expect(created.body.api_key.expires_at).toBe(soon.toISOString());
    const call = () => request(t.url).get('/v1/messages').set('Authorization', `Bearer ${created.body.key}`);
    await call().expect(200);
    await waitFor(async () => (await call()).status === 401, { what: 'the expired key refused', timeoutMs: 4_000, intervalMs: 100 });
    expect(Date.now()).toBeGreaterThanOrEqual(soon.getTime());
  });

  it('two integrations: neither reads the other’s rows by id, list, 409 or batch; a rotated key of one integration keeps its rows', async () => {
    const keyOf = async (name: string, integration: string) =>
      (
        await admin(t)
          .post('/v1/api-keys')
          .send({ name, integration, scopes: ['send'] })
          .expect(201)
      ).body;
    const shop = await keyOf('shop, key 1', 'shop-orders');
    const crm = await keyOf('crm', 'crm-tickets');
    const as = (key: string) => ({
      get: (p: string) => request(t.url).get(p).set('Authorization', `Bearer ${key}`),
      post: (p: string) => request(t.url).post(p).set('Authorization', `Bearer ${key}`),
    });
    expect(shop.api_key.integration).toBe('shop-orders');
    const mine = (
      await as(shop.key)
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'iso-shop-1', to: '+972501110001' }))
        .expect(201)
    ).body.message;

    // By id and by list: not there for the other integration.
    await as(crm.key).get(`/v1/messages/${mine.id}`).expect(404);
    expect((await as(crm.key).get('/v1/messages?dedupe_key=iso-shop-1').expect(200)).body.data).toEqual([]);
    // The same key with other content, or even the same content: a conflict that shows nothing of the row.
    for (const to of ['+972501110002', '+972501110001']) {
      const clash = await as(crm.key)
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'iso-shop-1', to }))
        .expect(409);
      expect(clash.body).toEqual({ error: 'dedupe_key_conflict', message: expect.stringMatching(/another integration/) });
    }
    const batch = await as(crm.key)
      .post('/v1/messages/batch')
      .send({ messages: [messageRequest({ dedupe_key: 'iso-shop-1', to: '+972501110002' }), messageRequest({ dedupe_key: 'iso-crm-1', to: '+972501110003' })] })
      .expect(200);
    expect(batch.body.results[0]).toEqual({
      status: 'conflict',
      message: null,
      details: [{ field: 'dedupe_key', message: expect.stringMatching(/another integration/) }],
    });
    expect(batch.body.results[1].status).toBe('created');
    expect(JSON.stringify(batch.body)).not.toContain('+972501110001');
    // And the other way round.
    await as(shop.key).get(`/v1/messages/${batch.body.results[1].message.id}`).expect(404);

    // The shop rotates its key: the new key of the same integration reads what the old one sent.
    const rotated = await keyOf('shop, key 2', 'shop-orders');
    await admin(t).post(`/v1/api-keys/${shop.api_key.id}/revoke`).expect(200);
    expect((await as(rotated.key).get(`/v1/messages/${mine.id}`).expect(200)).body.message.id).toBe(mine.id);
    expect(
      (
        await as(rotated.key)
          .post('/v1/messages')
          .send(messageRequest({ dedupe_key: 'iso-shop-1', to: '+972501110001' }))
          .expect(200)
      ).body,
    ).toMatchObject({ deduplicated: true, message: { id: mine.id } });
  });

  it('keys made by a staff member who is deactivated are flagged for review', async () => {
    const maker = await createStaff(t, 'admin');
    const session = asSession(t, await signIn(t, maker));
    const made = (
      await session
        .post('/v1/api-keys')
        .send({ name: 'made by a leaver', scopes: ['send'] })
        .expect(201)
    ).body.api_key;
    const reviewOf = async () => (await admin(t).get('/v1/api-keys').expect(200)).body.data.find((k: { id: string }) => k.id === made.id).review;
    expect(await reviewOf()).toBeNull();
    await createStaff(t, 'admin'); // the team keeps an admin
    await admin(t).patch(`/v1/staff/${maker.id}`).send({ active: false }).expect(200);
    expect(await reviewOf()).toBe('creator_deactivated');
  });

  it('a send-only key enqueues and reads its own messages, and nothing else', async () => {
    const { key } = (
      await admin(t)
        .post('/v1/api-keys')
        .send({ name: 'shop', scopes: ['send'] })
        .expect(201)
    ).body;
    const as = (p: string, m: 'get' | 'post' = 'get') => request(t.url)[m](p).set('Authorization', `Bearer ${key}`);
    const own = (
      await as('/v1/messages', 'post')
        .send(messageRequest({ dedupe_key: 'own-1' }))
        .expect(201)
    ).body.message;
    expect(own.created_by).toMatch(/^api_key:/);
    expect(own.created_by_name).toBe('API key “shop”');
    const theirs = (
      await admin(t)
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'theirs-1' }))
        .expect(201)
    ).body.message;
    await as(`/v1/messages/${own.id}`).expect(200);
    await as(`/v1/messages/${own.id}/history`).expect(200);
    await as(`/v1/messages/${theirs.id}`).expect(404);
    expect((await as('/v1/messages').expect(200)).body.data.map((m: { id: string }) => m.id)).toEqual([own.id]);
    const forbidden = await as(`/v1/messages/${own.id}/resolve`, 'post').send({ action: 'cancel' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('forbidden');
    await as('/v1/conversations').expect(403);
    await as('/v1/staff').expect(403);
  });

  it('a revoked key is refused at once here and within a second by another instance', async () => {
    const other = await secondInstance(t);
    try {
      const { key, api_key } = (
        await admin(t)
          .post('/v1/api-keys')
          .send({ name: 'to revoke', scopes: ['send'] })
          .expect(201)
      ).body;
      const use = (url: string) => request(url).get('/v1/messages').set('Authorization', `Bearer ${key}`);
      await use(t.url).expect(200);
      await use(other.url).expect(200);
      await admin(t).post(`/v1/api-keys/${api_key.id}/revoke`).expect(200);
      await use(t.url).expect(401);
      // The other instance caches a key for at most a second; the wait allows for a loaded machine
      // (how fast the revocation spreads is a figure for the bench, not a timed assertion).
      await waitFor(async () => (await use(other.url)).status === 401, { what: 'the other instance to refuse the key', timeoutMs: 3000, intervalMs: 20 });
      await admin(t).post(`/v1/api-keys/${api_key.id}/revoke`).expect(409);
      const audit = await t.dataSource.query(`SELECT actor, action FROM audit_events WHERE subject_type = 'api_key' AND subject_id = $1 ORDER BY at`, [
        api_key.id,
      ]);
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['api_key.created', 'api_key.revoked']);
    } finally {
      await other.app.close();
    }
  });

  it('npm run keys creates, lists and revokes keys against the same database', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [path.resolve('apps/api/dist/cli/keys.js'), ...args], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, ...testEnv({ DATABASE_URL: t.config.databaseUrl, REDIS_URL: t.config.redisUrl, REDIS_PREFIX: t.config.redisPrefix }) },
        timeout: 30_000,
      });
    const created = cli('create', '--name', 'cli key', '--scope', 'send');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const key = /\n {2}(sk_live_\S+)\n/.exec(created.stdout)![1]!;
    const listed = cli('list');
    expect(listed.stdout).toMatch(/cli key\s+sk_live_\S+…\s+send\s/);
    const prefix = key.slice(0, 12);
    const revoked = cli('revoke', prefix);
    expect(revoked.stdout).toMatch(/^revoked [0-9a-f-]{36} \(cli key\)/);
    expect(cli('revoke', 'sk_live_nope').status).toBe(1);
    expect(cli('create', '--name', 'x', '--scope', 'everything').status).toBe(2);
  });
});
