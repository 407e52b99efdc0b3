import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { asSession, createStaff, signIn } from '../support/staff.js';

describe('staff sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with an HTTP-only, SameSite=Lax session cookie, and /v1/auth/me says who', async () => {
    const agent = await createStaff(t, 'agent', 'Dana Agent');
    const res = await request(t.url).post('/v1/auth/login').send({ email: agent.email.toUpperCase(), password: agent.password }).expect(200);
    expect(res.body).toEqual({ staff: expect.objectContaining({ id: agent.id, email: agent.email, name: 'Dana Agent', role: 'agent', active: true }) });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sendbook_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // Served over plain http here: Secure would make the browser drop it.
    expect(cookie).not.toMatch(/Secure/);
    const me = await asSession(t, cookie.split(';')[0]!).get('/v1/auth/me').expect(200);
    expect(me.body.staff).toMatchObject({ id: agent.id, role: 'agent' });
  });

  it('sets Secure on the cookie when the request came over https (behind a proxy that says so)', async () => {
    const agent = await createStaff(t, 'agent');
    const res = await request(t.url)
      .post('/v1/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: agent.email, password: agent.password })
      .expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const agent = await createStaff(t, 'agent');
    const wrong = await request(t.url)
      .post('/v1/auth/login')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ email: agent.email, password: 'not the password at all' });
    const unknown = await request(t.url)
      .post('/v1/auth/login')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ email: 'nobody@shop.example', password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: 'invalid_credentials', message: 'wrong email or password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('takes as long for an unknown email as for a wrong password (both verify a hash)', async () => {
    const agent = await createStaff(t, 'agent');
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await request(t.url).post('/v1/auth/login').set('X-Forwarded-For', ip).send({ email, password: 'still not the password' }).expect(401);
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      wrong.push(await time(agent.email, `198.51.100.${10 + i}`));
      unknown.push(await time(`ghost${i}@shop.example`, `198.51.100.${20 + i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Without the dummy verification an unknown email answers in about a millisecond.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
  });

  it('slows a guesser, not the owner: spread over addresses or from one, the next try waits, doubling; the owner from an address they used gets in at once', async () => {
    const agent = await createStaff(t, 'agent');
    const login = (ip: string, password: string) => request(t.url).post('/v1/auth/login').set('X-Forwarded-For', ip).send({ email: agent.email, password });
    // The owner signed in from home last week.
    await login('198.51.100.10', agent.password).expect(200);
    await t.dataSource.query(`UPDATE login_attempts SET at = at - interval '7 days' WHERE email_key = $1`, [agent.email.toLowerCase()]);

    // Five wrong guesses, each from another address.
    for (let i = 0; i < 5; i++) await login(`203.0.113.${i + 1}`, `guess number ${i}`).expect(401);
    // Anyone new to the account now waits (1 s after the fifth, doubling after each further failure)…
    const stranger = await login('203.0.113.99', agent.password);
    expect(stranger.status).toBe(429);
    expect(stranger.body).toMatchObject({ error: 'too_many_attempts', retry_after_seconds: 1 });
    expect(stranger.headers['retry-after']).toBe('1');
    // …but not the owner, from home, at once: five wrong passwords do not lock them out.
    await login('198.51.100.10', agent.password).expect(200);

    // One address guessing on and on: five free, then 1 s, 2 s, 4 s between tries.
    for (let i = 0; i < 5; i++) await login('203.0.113.50', `again ${i}`).expect(401);
    expect((await login('203.0.113.50', 'too soon')).headers['retry-after']).toBe('1');
    await t.dataSource.query(`UPDATE login_attempts SET at = at - interval '1.5 seconds' WHERE ip = '203.0.113.50'`);
    await login('203.0.113.50', 'after the wait').expect(401);
    expect((await login('203.0.113.50', 'too soon again')).headers['retry-after']).toBe('2');
    // The owner, meanwhile, from home: still at once.
    await login('198.51.100.10', agent.password).expect(200);
  });

  it('a flood of 200 concurrent wrong sign-ins is turned away before the database: refused or throttled, never an error; the owner gets in after', async () => {
    const agent = await createStaff(t, 'agent');
    await request(t.url).post('/v1/auth/login').set('X-Forwarded-For', '198.51.100.60').send({ email: agent.email, password: agent.password }).expect(200);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        request(t.url)
          .post('/v1/auth/login')
          .set('X-Forwarded-For', `192.0.2.${(i % 4) + 100}`)
          .send({ email: agent.email, password: `flood ${i}` }),
      ),
    );
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    // Each address started its burst and no more; the rest never reached a password check.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM login_attempts WHERE email_key = $1`, [agent.email.toLowerCase()]);
    expect(n).toBeLessThanOrEqual(4 * 30);
    // The owner, from where they signed in before, gets in at once: the flood held no lock on them.
    await request(t.url).post('/v1/auth/login').set('X-Forwarded-For', '198.51.100.60').send({ email: agent.email, password: agent.password }).expect(200);
  });

  it('throttles an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await request(t.url)
        .post('/v1/auth/login')
        .set('X-Forwarded-For', '192.0.2.77')
        .send({ email: `spray${i}@shop.example`, password: 'Summer2026!' })
        .expect(401);
    }
    const next = await request(t.url)
      .post('/v1/auth/login')
      .set('X-Forwarded-For', '192.0.2.77')
      .send({ email: 'spray-next@shop.example', password: 'Summer2026!' });
    expect(next.status).toBe(429);
    // The same account from elsewhere is still judged on its own.
    await request(t.url)
      .post('/v1/auth/login')
      .set('X-Forwarded-For', '192.0.2.78')
      .send({ email: 'spray-next@shop.example', password: 'Summer2026!' })
      .expect(401);
  });

  it('audits sign-ins, failures and their reason, with the address', async () => {
    const agent = await createStaff(t, 'agent');
    await request(t.url)
      .post('/v1/auth/login')
      .set('X-Forwarded-For', '198.51.100.200')
      .send({ email: agent.email, password: 'wrong wrong wrong' })
      .expect(401);
    await signIn(t, agent);
    const rows = await t.dataSource.query(
      `SELECT action, actor, details, ip FROM audit_events WHERE subject_type = 'staff' AND subject_id = $1 AND action LIKE 'auth.%' ORDER BY at`,
      [agent.id],
    );
    expect(rows).toEqual([
      { action: 'auth.login_failed', actor: 'anonymous', details: { reason: 'wrong_password' }, ip: '198.51.100.200' },
      { action: 'auth.login', actor: `staff:${agent.id}`, details: null, ip: expect.any(String) },
    ]);
  });

  it("refuses a deactivated member's open session on the very next request", async () => {
    const agent = await createStaff(t, 'agent');
    const admin = await createStaff(t, 'admin');
    const agentSession = asSession(t, await signIn(t, agent));
    await agentSession.get('/v1/conversations').expect(200);
    await asSession(t, await signIn(t, admin))
      .patch(`/v1/staff/${agent.id}`)
      .send({ active: false })
      .expect(200);
    await agentSession.get('/v1/conversations').expect(401);
    await request(t.url).post('/v1/auth/login').send({ email: agent.email, password: agent.password }).expect(401);
  });

  it('signs out everywhere: every session of the person ends', async () => {
    const agent = await createStaff(t, 'agent');
    const laptop = asSession(t, await signIn(t, agent));
    const phone = asSession(t, await signIn(t, agent));
    const out = await laptop.post('/v1/auth/logout').expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sendbook_session=;/);
    await laptop.get('/v1/auth/me').expect(401);
    await phone.get('/v1/auth/me').expect(401);
  });

  it('ends a session after it sat idle, and at its absolute expiry however busy', async () => {
    const agent = await createStaff(t, 'agent');
    const cookie = await signIn(t, agent);
    const session = asSession(t, cookie);
    await session.get('/v1/auth/me').expect(200);
    await t.dataSource.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '13 hours' WHERE staff_id = $1`, [agent.id]);
    await session.get('/v1/auth/me').expect(401);
    const busy = asSession(t, await signIn(t, agent));
    await t.dataSource.query(`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = $1 AND ended_at IS NULL`, [agent.id]);
    await busy.get('/v1/auth/me').expect(401);
    const reasons = await t.dataSource.query(`SELECT end_reason FROM staff_sessions WHERE staff_id = $1 ORDER BY created_at`, [agent.id]);
    expect(reasons.map((r: { end_reason: string }) => r.end_reason)).toEqual(['idle', 'expired']);
  });

  it('refuses a cross-site POST that carries the session cookie, and accepts the same from our own page', async () => {
    const admin = await createStaff(t, 'admin');
    const cookie = await signIn(t, admin);
    const body = { email: `csrf.${Date.now()}@shop.example`, name: 'Mallory', role: 'admin', password: 'a long enough password' };
    const forged = await request(t.url).post('/v1/staff').set('Cookie', cookie).set('Origin', 'https://evil.example').send(body);
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('cross_site_request');
    await request(t.url).post('/v1/staff').set('Cookie', cookie).send(body).expect(403);
    expect(await t.dataSource.query(`SELECT 1 FROM staff WHERE email = $1`, [body.email])).toEqual([]);
    // Through the inbox's proxy the page's host is X-Forwarded-Host; reads need no Origin.
    await request(t.url)
      .post('/v1/staff')
      .set('Cookie', cookie)
      .set('Origin', 'http://inbox.test:3000')
      .set('X-Forwarded-Host', 'inbox.test:3000')
      .send(body)
      .expect(201);
    await request(t.url).get('/v1/staff').set('Cookie', cookie).expect(200);
  });
});
