import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createHttpApp } from '../../apps/api/src/create-app.js';
import { loadConfig, withInfra } from '../../apps/api/src/config/load-config.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { BootstrapAdminService } from '../../apps/api/src/modules/staff/bootstrap-admin.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { testEnv } from '../support/test-env.js';

const BOOT = { BOOTSTRAP_ADMIN_EMAIL: 'Owner@Shop.example', BOOTSTRAP_ADMIN_PASSWORD: 'the first admin password' };

describe('staff management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: BOOT });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('BOOTSTRAP_ADMIN_* creates the first admin, who can sign in', async () => {
    const cookie = await signIn(t, { email: 'owner@shop.example', password: BOOT.BOOTSTRAP_ADMIN_PASSWORD });
    const me = (await asSession(t, cookie).get('/v1/auth/me').expect(200)).body.staff;
    expect(me).toMatchObject({ email: 'Owner@Shop.example', role: 'admin', active: true });
  });

  it('a later boot never overwrites a password the admin changed', async () => {
    const cookie = await signIn(t, { email: 'owner@shop.example', password: BOOT.BOOTSTRAP_ADMIN_PASSWORD });
    await asSession(t, cookie).post('/v1/auth/password').send({ current_password: BOOT.BOOTSTRAP_ADMIN_PASSWORD, new_password: 'a password of my own now' }).expect(204);
    let again: INestApplication | undefined;
    try {
      // The same environment boots a second instance (a restart): the account is left alone.
      again = await createHttpApp(withInfra(loadConfig(testEnv({ ...BOOT, REDIS_PREFIX: t.config.redisPrefix })), { databaseUrl: t.config.databaseUrl, redisUrl: t.config.redisUrl }));
      await again.init();
    } finally {
      await again?.close();
    }
    await request(t.url).post('/v1/auth/login').send({ email: 'owner@shop.example', password: BOOT.BOOTSTRAP_ADMIN_PASSWORD }).expect(401);
    await signIn(t, { email: 'owner@shop.example', password: 'a password of my own now' });
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM staff WHERE email_key = 'owner@shop.example'`)).toEqual([{ n: 1 }]);
  });

  it("npm start's sign-in line: it can tell the printed password no longer signs in, and set it back only when asked", async () => {
    const bootstrap = t.app.get(BootstrapAdminService);
    // The previous test changed the password in the inbox.
    expect(await bootstrap.checkPassword({ reset: false, by: 'test' })).toBe('changed');
    await request(t.url).post('/v1/auth/login').send({ email: 'owner@shop.example', password: BOOT.BOOTSTRAP_ADMIN_PASSWORD }).expect(401);
    const session = asSession(t, await signIn(t, { email: 'owner@shop.example', password: 'a password of my own now' }));

    expect(await bootstrap.checkPassword({ reset: true, by: 'npm start -- --reset-admin-password' })).toBe('reset');
    await signIn(t, { email: 'owner@shop.example', password: BOOT.BOOTSTRAP_ADMIN_PASSWORD });
    await request(t.url).post('/v1/auth/login').send({ email: 'owner@shop.example', password: 'a password of my own now' }).expect(401);
    await session.get('/v1/auth/me').expect(401); // a reset ends the sessions the old password opened
    expect(await bootstrap.checkPassword({ reset: false, by: 'test' })).toBe('signs_in');
    const [audit] = await t.dataSource.query(`SELECT actor, details FROM audit_events WHERE action = 'staff.password_reset' ORDER BY at DESC LIMIT 1`);
    expect(audit).toEqual({ actor: 'system', details: { by: 'npm start -- --reset-admin-password' } });
  });

  it('invites by a one-time link: the invited person chooses a password and is signed in', async () => {
    const admin = asSession(t, await signIn(t, await createStaff(t, 'admin')));
    const created = await admin.post('/v1/staff').send({ email: 'new.agent@shop.example', name: 'New Agent', role: 'agent' }).expect(201);
    expect(created.body.staff).toMatchObject({ email: 'new.agent@shop.example', role: 'agent', active: true, invite_pending: true });
    const token = String(created.body.invite_url).match(/\/invite\/([A-Za-z0-9_-]+)$/)![1]!;
    expect(created.body.invite_url).toBe(`${t.config.auth.inboxUrl}/invite/${token}`);
    expect((await request(t.url).get(`/v1/auth/invites/${token}`).expect(200)).body).toEqual({ staff: { email: 'new.agent@shop.example', name: 'New Agent' } });
    await request(t.url).post(`/v1/auth/invites/${token}`).send({ password: 'short' }).expect(400);
    const accepted = await request(t.url).post(`/v1/auth/invites/${token}`).send({ password: 'my chosen password' }).expect(200);
    expect(String(accepted.headers['set-cookie'])).toMatch(/sendbook_session=/);
    // Once only.
    await request(t.url).post(`/v1/auth/invites/${token}`).send({ password: 'my chosen password' }).expect(410);
    await signIn(t, { email: 'NEW.agent@shop.example', password: 'my chosen password' });
    await admin.post('/v1/staff').send({ email: 'New.Agent@shop.example', name: 'Twin', role: 'agent' }).expect(409);
  });

  it('a reset ends the sessions and the old password, and hands out a new link', async () => {
    const admin = asSession(t, await signIn(t, await createStaff(t, 'admin')));
    const agent = await createStaff(t, 'agent');
    const agentSession = asSession(t, await signIn(t, agent));
    const reset = await admin.post(`/v1/staff/${agent.id}/reset-password`).expect(200);
    await agentSession.get('/v1/auth/me').expect(401);
    await request(t.url).post('/v1/auth/login').send({ email: agent.email, password: agent.password }).expect(401);
    const token = String(reset.body.invite_url).split('/invite/')[1]!;
    await request(t.url).post(`/v1/auth/invites/${token}`).send({ password: 'after the reset' }).expect(200);
    await signIn(t, { email: agent.email, password: 'after the reset' });
  });

  it('never removes the last active admin, by deactivation or demotion', async () => {
    // A database of its own, with exactly one admin.
    const solo = await startTestApp({ env: { BOOTSTRAP_ADMIN_EMAIL: 'solo@shop.example', BOOTSTRAP_ADMIN_PASSWORD: 'the only admin here' } });
    try {
      const cookie = await signIn(solo, { email: 'solo@shop.example', password: 'the only admin here' });
      const session = asSession(solo, cookie);
      const me = (await session.get('/v1/auth/me')).body.staff;
      expect((await session.patch(`/v1/staff/${me.id}`).send({ active: false })).body.error).toBe('last_admin');
      expect((await session.patch(`/v1/staff/${me.id}`).send({ role: 'agent' })).status).toBe(409);
      const second = await createStaff(solo, 'admin');
      await session.patch(`/v1/staff/${me.id}`).send({ role: 'agent' }).expect(200);
      await asSession(solo, await signIn(solo, second)).patch(`/v1/staff/${second.id}`).send({ active: false }).expect(409);
    } finally {
      await solo.close();
    }
  });

  it('changes are audited with who made them', async () => {
    const admin = await createStaff(t, 'admin');
    const agent = await createStaff(t, 'agent');
    await asSession(t, await signIn(t, admin)).patch(`/v1/staff/${agent.id}`).send({ role: 'admin', name: 'Promoted' }).expect(200);
    const [entry] = await t.dataSource.query(`SELECT actor, details FROM audit_events WHERE subject_id = $1 AND action = 'staff.updated'`, [agent.id]);
    expect(entry).toEqual({ actor: `staff:${admin.id}`, details: { before: { role: 'agent', name: expect.any(String) }, after: { role: 'admin', name: 'Promoted' } } });
  });
});
