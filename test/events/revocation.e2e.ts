import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { realKey, realStaff, startApiInstance, type ApiInstance } from './instances.js';
import { connectSse, type SseClient } from './sse-client.js';

describe('a revoked key, a signed-out or deactivated person: their live streams close on every API instance (one Redis)', () => {
  let t: TestApp;
  let one: ApiInstance;
  let two: ApiInstance;
  const clients: SseClient[] = [];
  const open = async (instance: ApiInstance, headers: Record<string, string>) => {
    const client = await connectSse(instance.url, { headers });
    clients.push(client);
    expect(client.status).toBe(200);
    await waitFor(() => client.comments.includes('connected'));
    return client;
  };

  beforeAll(async () => {
    // The lapsed-session sweep every 200 ms instead of 30 s, so an expiry shows within the test.
    t = await startTestApp({ env: { SESSION_SWEEP_INTERVAL_MS: '200' } });
    // Two instances with the same configuration: the same Redis prefix, so the same live stream.
    [one, two] = await Promise.all([startApiInstance(t.config), startApiInstance(t.config)]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([one.close(), two.close()]);
    await t.close();
  });

  it('revoking a key through the API ends its streams on both instances at once; other callers keep hearing events', async () => {
    const revoked = await realKey(t, 'revoked');
    const kept = await realKey(t, 'kept');
    const anna = await realStaff(t);
    const annaOne = await anna.session();
    const onOne = {
      revoked: [await open(one, revoked.headers), await open(one, revoked.headers)],
      kept: await open(one, kept.headers),
      anna: await open(one, annaOne.headers),
    };
    const onTwo = { revoked: await open(two, revoked.headers), kept: await open(two, kept.headers) };

    await request(two.url).post(`/v1/api-keys/${revoked.id}/revoke`).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).expect(200);
    await waitFor(() => [...onOne.revoked, onTwo.revoked].every((c) => c.ended), { what: 'the revoked key’s streams ended', timeoutMs: 2000 });
    expect([onOne.kept, onOne.anna, onTwo.kept].map((c) => c.ended)).toEqual([false, false, false]);
    expect(one.logs).toContainEqual(expect.objectContaining({ msg: 'events.streams_closed', reason: 'access_revoked', count: 2 }));
    // And it cannot open another: refused by every instance within a second (each remembers a key that long).
    const revokedAt = Date.now();
    await waitFor(
      async () => {
        const again = await connectSse(one.url, { headers: revoked.headers });
        again.close();
        return again.status === 401;
      },
      { what: 'instance one to refuse the revoked key', timeoutMs: 1500, intervalMs: 50 },
    );
    expect(Date.now() - revokedAt).toBeLessThan(1200);

    one.publisher.publish('work_item.changed', { marker: 'after-revocation' });
    for (const c of [onOne.kept, onOne.anna, onTwo.kept]) await c.waitFor((e) => e.data.marker === 'after-revocation');
    for (const c of clients) expect(c.events.map((e) => e.event)).not.toContain('access.revoked');
  });

  it('one session revoked: only its stream; signing out: every stream of the person; deactivating: the same', async () => {
    const bea = await realStaff(t);
    const [laptop, phone] = [await bea.session(), await bea.session()];
    const laptopStream = await open(one, laptop.headers);
    const phoneStream = await open(two, phone.headers);
    expect(await one.publisher.accessRevoked({ sessionId: laptop.sessionId })).toBe(true);
    await waitFor(() => laptopStream.ended, { what: 'the laptop stream ended' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(phoneStream.ended).toBe(false);

    // Signing out (on any instance) ends every session of hers, and so her streams.
    await request(one.url).post('/v1/auth/logout').set('Cookie', phone.headers.cookie).set('Origin', one.url).expect(204);
    await waitFor(() => phoneStream.ended, { what: 'the phone stream ended' });

    const cy = await realStaff(t);
    const cyStream = await open(two, (await cy.session()).headers);
    await request(one.url).patch(`/v1/staff/${cy.id}`).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).send({ active: false }).expect(200);
    await waitFor(() => cyStream.ended, { what: 'the deactivated member’s stream ended' });
  });

  it('a changed role ends the person’s streams (reopened, they follow the new role’s rules); a changed password ends the other sessions’ streams', async () => {
    const dee = await realStaff(t);
    const [desk, tablet] = [await dee.session(), await dee.session()];
    const deskStream = await open(one, desk.headers);
    const tabletStream = await open(two, tablet.headers);
    await request(one.url).patch(`/v1/staff/${dee.id}`).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).send({ role: 'admin' }).expect(200);
    await waitFor(() => deskStream.ended && tabletStream.ended, { what: 'both streams ended after the role change' });

    const deskAgain = await open(one, desk.headers);
    const tabletAgain = await open(two, tablet.headers);
    await request(one.url)
      .post('/v1/auth/password')
      .set('Cookie', desk.headers.cookie)
      .set('Origin', one.url)
      .send({ current_password: dee.password, new_password: 'dee has a new password' })
      .expect(204);
    await waitFor(() => tabletAgain.ended, { what: 'the other session’s stream ended' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deskAgain.ended).toBe(false);
  });

  it('a session that lapses (absolute or idle end) has its stream closed within the sweep interval, with no request to notice', async () => {
    const eve = await realStaff(t);
    const [expiring, idle, fresh] = [await eve.session(), await eve.session(), await eve.session()];
    const streams = { expiring: await open(one, expiring.headers), idle: await open(two, idle.headers), fresh: await open(one, fresh.headers) };
    await t.dataSource.query(`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.sessionId]);
    await t.dataSource.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '13 hours' WHERE id = $1`, [idle.sessionId]);
    await waitFor(() => streams.expiring.ended && streams.idle.ended, { what: 'the lapsed sessions’ streams ended', timeoutMs: 3000 });
    expect(streams.fresh.ended).toBe(false);
    const ended = await t.dataSource.query(`SELECT id, end_reason FROM staff_sessions WHERE id = ANY($1) ORDER BY end_reason`, [
      [expiring.sessionId, idle.sessionId, fresh.sessionId],
    ]);
    expect(ended.map((r: { end_reason: string | null }) => r.end_reason)).toEqual(['expired', 'idle', null]);
  });

  it('a revocation that names nothing is not published', async () => {
    expect(await one.publisher.accessRevoked({})).toBe(false);
  });

  it('the hub closes the streams matching any predicate (principals are data)', async () => {
    const key = await realKey(t, 'extra');
    const extra = await open(one, key.headers);
    expect(one.hub.closeWhere((p) => p?.kind === 'api_key' && p.apiKeyId === key.id, 'test')).toBe(1);
    await waitFor(() => extra.ended);
    expect(one.hub.closeWhere(() => false, 'test')).toBe(0);
  });
});
