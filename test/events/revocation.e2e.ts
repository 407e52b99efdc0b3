import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { apiKeyPrincipal, as, staffPrincipal, startApiInstance, type ApiInstance } from './instances.js';
import { connectSse, type SseClient } from './sse-client.js';
import type { Principal } from '../../apps/api/src/common/auth/principal.js';

describe('access.revoked closes the revoked caller’s streams on every API instance (one Redis)', () => {
  let t: TestApp;
  let one: ApiInstance;
  let two: ApiInstance;
  const clients: SseClient[] = [];
  const open = async (instance: ApiInstance, principal: Principal) => {
    const client = await connectSse(instance.url, as(principal));
    clients.push(client);
    expect(client.status).toBe(200);
    await waitFor(() => client.comments.includes('connected'));
    return client;
  };

  beforeAll(async () => {
    t = await startTestApp();
    // Two instances with the same configuration: the same Redis prefix, so the same live stream.
    [one, two] = await Promise.all([startApiInstance(t.config), startApiInstance(t.config)]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([one.close(), two.close()]);
    await t.close();
  });

  it('an API key’s streams close on both instances; other keys’ and staff streams stay open and keep hearing events', async () => {
    const revoked = apiKeyPrincipal('key-revoked');
    const kept = apiKeyPrincipal('key-kept');
    const anna = staffPrincipal('anna', 'anna-1');
    const onOne = { revoked: [await open(one, revoked), await open(one, revoked)], kept: await open(one, kept), anna: await open(one, anna) };
    const onTwo = { revoked: await open(two, revoked), kept: await open(two, kept), annaOther: await open(two, { ...anna, sessionId: 'anna-2' }) };

    // Published on instance two; heard by both.
    expect(await two.publisher.accessRevoked({ apiKeyId: 'key-revoked' })).toBe(true);
    await waitFor(() => [...onOne.revoked, onTwo.revoked].every((c) => c.ended), { what: 'the revoked key’s streams ended' });
    expect([onOne.kept, onOne.anna, onTwo.kept, onTwo.annaOther].map((c) => c.ended)).toEqual([false, false, false, false]);
    expect(one.hub.stats().open).toBe(2);
    expect(two.hub.stats().open).toBe(2);
    expect(one.logs).toContainEqual(expect.objectContaining({ msg: 'events.streams_closed', reason: 'access_revoked', count: 2 }));

    one.publisher.publish('work_item.changed', { marker: 'after-revocation' });
    for (const c of [onOne.kept, onOne.anna, onTwo.kept, onTwo.annaOther]) await c.waitFor((e) => e.data.marker === 'after-revocation');

    // A session: only that session's stream, not the same person's other one.
    expect(await one.publisher.accessRevoked({ sessionId: 'anna-1' })).toBe(true);
    await waitFor(() => onOne.anna.ended, { what: 'anna-1 ended' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onTwo.annaOther.ended).toBe(false);

    // The staff member: every session of hers.
    expect(await one.publisher.accessRevoked({ staffId: 'anna' })).toBe(true);
    await waitFor(() => onTwo.annaOther.ended, { what: 'anna-2 ended' });
    expect([onOne.kept.ended, onTwo.kept.ended]).toEqual([false, false]);

    // The instances' own event is never forwarded to a client.
    for (const c of clients) expect(c.events.map((e) => e.event)).not.toContain('access.revoked');
  });

  it('a revocation that names nothing is not published', async () => {
    expect(await one.publisher.accessRevoked({})).toBe(false);
  });

  it('the hub closes the streams matching any predicate (principals are data)', async () => {
    const extra = await open(one, apiKeyPrincipal('key-extra'));
    expect(one.hub.closeWhere((p) => p?.kind === 'api_key' && p.apiKeyId === 'key-extra', 'test')).toBe(1);
    await waitFor(() => extra.ended);
    expect(one.hub.closeWhere(() => false, 'test')).toBe(0);
  });
});
