import request from 'supertest';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

const DEFAULTS = { sound: true, browser: false, views: ['mine', 'unassigned'] };

describe('a person’s own notification settings: GET and PATCH /v1/auth/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('start as the defaults, change one field at a time, and are kept across sessions', async () => {
    const login = await createStaff(t, 'agent', 'Noa Levi');
    const session = asSession(t, await signIn(t, login));
    const me = (await session.get('/v1/auth/me').expect(200)).body;
    expect(me).toEqual({ staff: expect.objectContaining({ id: login.id, name: 'Noa Levi', role: 'agent' }), notifications: DEFAULTS });

    const quiet = await session
      .patch('/v1/auth/me')
      .send({ notifications: { sound: false } })
      .expect(200);
    expect(quiet.body.notifications).toEqual({ ...DEFAULTS, sound: false });
    // A field left out keeps its value; views come back in their canonical order.
    const views = await session
      .patch('/v1/auth/me')
      .send({ notifications: { browser: true, views: ['unassigned', 'all'] } })
      .expect(200);
    expect(views.body).toEqual({
      staff: expect.objectContaining({ id: login.id }),
      notifications: { sound: false, browser: true, views: ['unassigned', 'all'] },
    });
    // The name and the settings are separate parts of one body.
    const renamed = await session.patch('/v1/auth/me').send({ name: 'Noa L.' }).expect(200);
    expect(renamed.body).toEqual({
      staff: expect.objectContaining({ name: 'Noa L.' }),
      notifications: { sound: false, browser: true, views: ['unassigned', 'all'] },
    });

    // Another session of the same person (another browser) reads what was stored.
    const elsewhere = asSession(t, await signIn(t, login));
    expect((await elsewhere.get('/v1/auth/me').expect(200)).body.notifications).toEqual({ sound: false, browser: true, views: ['unassigned', 'all'] });
    const [row] = await t.dataSource.query(`SELECT notification_settings FROM staff WHERE id = $1`, [login.id]);
    expect(row.notification_settings).toEqual({ sound: false, browser: true, views: ['unassigned', 'all'] });
  });

  it('are each person’s own: another agent still has the defaults', async () => {
    const a = asSession(t, await signIn(t, await createStaff(t, 'agent')));
    const b = asSession(t, await signIn(t, await createStaff(t, 'admin')));
    await a
      .patch('/v1/auth/me')
      .send({ notifications: { views: ['all'] } })
      .expect(200);
    expect((await b.get('/v1/auth/me').expect(200)).body.notifications).toEqual(DEFAULTS);
  });

  it('two changes at once to different settings keep both', async () => {
    const session = asSession(t, await signIn(t, await createStaff(t, 'agent')));
    await Promise.all([
      session
        .patch('/v1/auth/me')
        .send({ notifications: { sound: false } })
        .expect(200),
      session
        .patch('/v1/auth/me')
        .send({ notifications: { browser: true } })
        .expect(200),
    ]);
    expect((await session.get('/v1/auth/me').expect(200)).body.notifications).toEqual({ ...DEFAULTS, sound: false, browser: true });
  });

  it.each([
    [{ notifications: { sound: 'off' } }, 'notifications.sound'],
    [{ notifications: { browser: null } }, 'notifications.browser'],
    [{ notifications: { views: [] } }, 'notifications.views'],
    [{ notifications: { views: ['mine', 'mine'] } }, 'notifications.views'],
    [{ notifications: { views: ['theirs'] } }, 'notifications.views'],
    [{ notifications: { views: 'mine' } }, 'notifications.views'],
    [{ notifications: { volume: 11 } }, 'notifications.volume'],
    [{ notifications: 'loud' }, 'notifications'],
    [{ notifications: null }, 'notifications'],
    [{ notifications: { sound: true }, availability: 'sleepy' }, 'availability'],
  ])('refuses %j, naming %s, and changes nothing', async (body, field) => {
    const session = asSession(t, await signIn(t, await createStaff(t, 'agent')));
    const res = await session.patch('/v1/auth/me').send(body).expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await session.get('/v1/auth/me').expect(200)).body.notifications).toEqual(DEFAULTS);
  });

  it('belong to a signed-in person: no session is 401, an API key has no profile (403)', async () => {
    await request(t.url).get('/v1/auth/me').expect(401);
    await request(t.url)
      .patch('/v1/auth/me')
      .send({ notifications: { sound: false } })
      .expect(401);
    await request(t.url)
      .patch('/v1/auth/me')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .send({ notifications: { sound: false } })
      .expect(403);
  });
});
