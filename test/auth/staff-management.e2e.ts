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
    await asSession(t, cookie)
      .post('/v1/auth/password')
      .send({ current_password: BOOT.BOOTSTRAP_ADMIN_PASSWORD, new_password: 'a password of my own now' })
      .expect(204);
    let again: INestApplication | undefined;
    try {
      // The same environment boots a second instance (a restart): the account is left alone.
      again = await createHttpApp(
        withInfra(loadConfig(testEnv({ ...BOOT, REDIS_PREFIX: t.config.redisPrefix })), { databaseUrl: t.config.databaseUrl, redisUrl: t.config.redisUrl }),
      );
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
    // Once only, and the link says it was used.
    expect((await request(t.url).post(`/v1/auth/invites/${token}`).send({ password: 'my chosen password' }).expect(410)).body).toMatchObject({
      error: 'invite_invalid',
      reason: 'used',
    });
    expect((await request(t.url).get(`/v1/auth/invites/${token}`).expect(410)).body).toMatchObject({ error: 'invite_invalid', reason: 'used' });
    await signIn(t, { email: 'NEW.agent@shop.example', password: 'my chosen password' });
    await admin.post('/v1/staff').send({ email: 'New.Agent@shop.example', name: 'Twin', role: 'agent' }).expect(409);
  });

  it('a link that cannot be used says why: unknown or replaced, expired, or for a deactivated person', async () => {
    const admin = asSession(t, await signIn(t, await createStaff(t, 'admin')));
    const tokenOf = (url: string) => url.split('/invite/')[1]!;
    const reason = async (token: string) => (await request(t.url).get(`/v1/auth/invites/${token}`).expect(410)).body.reason;

    expect(await reason('x'.repeat(43))).toBe('unknown');
    const first = await admin.post('/v1/staff').send({ email: 'resent@shop.example', name: 'Resent', role: 'agent' }).expect(201);
    // Resending makes a new link; the first one is no longer known.
    const resent = await admin.post(`/v1/staff/${first.body.staff.id}/reset-password`).expect(200);
    expect(await reason(tokenOf(first.body.invite_url))).toBe('unknown');
    await request(t.url)
      .get(`/v1/auth/invites/${tokenOf(resent.body.invite_url)}`)
      .expect(200);

    const late = await admin.post('/v1/staff').send({ email: 'late@shop.example', name: 'Late', role: 'agent' }).expect(201);
    await t.dataSource.query(`UPDATE staff SET invite_expires_at = now() - interval '1 second' WHERE id = $1`, [late.body.staff.id]);
    expect(await reason(tokenOf(late.body.invite_url))).toBe('expired');
    await request(t.url)
      .post(`/v1/auth/invites/${tokenOf(late.body.invite_url)}`)
      .send({ password: 'too late for this' })
      .expect(410);

    const gone = await admin.post('/v1/staff').send({ email: 'gone@shop.example', name: 'Gone', role: 'agent' }).expect(201);
    await admin.patch(`/v1/staff/${gone.body.staff.id}`).send({ active: false }).expect(200);
    expect(await reason(tokenOf(gone.body.invite_url))).toBe('deactivated');
  });

  it('two tabs submitting one link at once: one person signed in once, the other told it was used', async () => {
    const admin = asSession(t, await signIn(t, await createStaff(t, 'admin')));
    const created = await admin.post('/v1/staff').send({ email: 'two.tabs@shop.example', name: 'Two Tabs', role: 'agent' }).expect(201);
    const token = String(created.body.invite_url).split('/invite/')[1]!;
    const answers = await Promise.all(
      ['the first tab password', 'the second tab password'].map((password) => request(t.url).post(`/v1/auth/invites/${token}`).send({ password })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(answers.find((a) => a.status === 410)!.body.reason).toBe('used');
    const [{ sessions }] = await t.dataSource.query(`SELECT count(*)::int AS sessions FROM staff_sessions WHERE staff_id = $1`, [created.body.staff.id]);
    expect(sessions).toBe(1);
    const winner = answers[0]!.status === 200 ? 'the first tab password' : 'the second tab password';
    await signIn(t, { email: 'two.tabs@shop.example', password: winner });
  });

  it('changing your own password ends your other sessions, not this one', async () => {
    const agent = await createStaff(t, 'agent');
    const here = asSession(t, await signIn(t, agent));
    const elsewhere = asSession(t, await signIn(t, agent));
    await here.post('/v1/auth/password').send({ current_password: agent.password, new_password: 'a fresh password of mine' }).expect(204);
    await here.get('/v1/auth/me').expect(200);
    await elsewhere.get('/v1/auth/me').expect(401);
    const [ended] = await t.dataSource.query(`SELECT end_reason FROM staff_sessions WHERE staff_id = $1 AND ended_at IS NOT NULL`, [agent.id]);
    expect(ended).toEqual({ end_reason: 'password_changed' });
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
      await asSession(solo, await signIn(solo, second))
        .patch(`/v1/staff/${second.id}`)
        .send({ active: false })
        .expect(409);
      // A reset of the only admin who can sign in would lock the team out until the link is used.
      const secondSession = asSession(solo, await signIn(solo, second));
      expect((await secondSession.post(`/v1/staff/${second.id}/reset-password`).expect(409)).body.error).toBe('last_admin');
      await secondSession.get('/v1/auth/me').expect(200);
    } finally {
      await solo.close();
    }
  });

  it('changes are audited with who made them', async () => {
    const admin = await createStaff(t, 'admin');
    const agent = await createStaff(t, 'agent');
    await asSession(t, await signIn(t, admin))
      .patch(`/v1/staff/${agent.id}`)
      .send({ role: 'admin', name: 'Promoted' })
      .expect(200);
    const [entry] = await t.dataSource.query(`SELECT actor, details FROM audit_events WHERE subject_id = $1 AND action = 'staff.updated'`, [agent.id]);
    expect(entry).toEqual({
      actor: `staff:${admin.id}`,
      details: { before: { role: 'agent', name: expect.any(String) }, after: { role: 'admin', name: 'Promoted' } },
    });
  });
});
