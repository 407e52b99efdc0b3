import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { adminCalls, FAST_DELIVERY_ENV, Receiver, type Received } from './receiver.js';

const MINUTE = 60_000;

// Rotating an endpoint's signing secret without a moment in which events fail to verify: the new
// secret is shown once, and until the old one's overlap ends every POST is signed with both
// (`webhook-signature: v1,<new> v1,<old>`), so the integrator moves their receiver over at leisure.
// The overlap is 3 minutes and the test moves the app's clock past it: signatures stay within
// Standard Webhooks' 5-minute timestamp tolerance, so receivers verify with the package as it is.
describe('event endpoints: secret rotation with an overlap', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  const clock = new AdjustableClock();
  let endpointId: string;
  let original: string;
  let n = 0;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: FAST_DELIVERY_ENV, clock } });
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'] })
      .expect(201);
    endpointId = created.body.endpoint.id;
    original = created.body.secret;
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  /** Enqueues a message and returns every POST about it once its `queued` and `sending` events have arrived. */
  const eventsOfANewMessage = async (): Promise<Received[]> => {
    n += 1;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `rotation-${n}`, to: `+1650555070${n}` }))
      .expect(201);
    const id = res.body.message.id as string;
    const about = () => receiver.accepted().filter((r) => (r.event.data.message as { id: string }).id === id);
    await waitFor(() => about().length >= 2, { what: `events of message ${n}` });
    return about();
  };
  const rotate = (body: Record<string, unknown>) => sb.api().post(`/v1/event-endpoints/${endpointId}/rotate-secret`).send(body);
  const shown = async () =>
    ((await sb.api().get('/v1/event-endpoints').expect(200)).body.data as { id: string }[]).find((e) => e.id === endpointId) as Record<string, unknown>;

  it('while the old secret is kept, a receiver knowing only the old one and one knowing only the new one both verify every event; after it, only the new one', async () => {
    expect(await shown()).toMatchObject({ secret_rotated_at: null, previous_secret_expires_at: null });
    const before = await eventsOfANewMessage();
    expect(before.every((r) => Receiver.verifies(r, original))).toBe(true);
    expect(before.every((r) => r.signature.split(' ').length === 1)).toBe(true);

    const rotatedAt = clock.now();
    const rotated = await rotate({ keep_old_for_hours: 0.05 }).expect(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(original);
    const overlapEnds = new Date(rotatedAt.getTime() + 3 * MINUTE);
    expect(Math.abs(Date.parse(rotated.body.endpoint.previous_secret_expires_at) - overlapEnds.getTime())).toBeLessThan(5_000);
    expect(Date.parse(rotated.body.endpoint.secret_rotated_at)).toBeGreaterThanOrEqual(rotatedAt.getTime() - 1);
    // Never a secret again: not in the list, and sealed at rest, the old one too.
    const listed = JSON.stringify((await sb.api().get('/v1/event-endpoints').expect(200)).body);
    expect(listed).not.toContain(fresh);
    expect(listed).not.toContain(original);
    const [stored] = await sb.dataSource.query(`SELECT secret, previous_secrets FROM event_endpoints WHERE id = $1`, [endpointId]);
    expect(stored.secret).toMatch(/^sb1:/);
    expect(stored.previous_secrets).toEqual([{ secret: expect.stringMatching(/^sb1:/), expires_at: expect.any(String) }]);
    expect(JSON.stringify(stored)).not.toContain(original.slice('whsec_'.length));
    const [audit] = await sb.dataSource.query(`SELECT actor, details FROM audit_events WHERE action = 'event_endpoint.secret_rotated' AND subject_id = $1`, [
      endpointId,
    ]);
    expect(audit.details).toMatchObject({ keep_old_for_hours: 0.05, previous_secrets: 1, previous_secret_expires_at: expect.any(String) });
    expect(JSON.stringify(audit)).not.toContain(fresh.slice('whsec_'.length));

    // During the overlap: two signatures, the new one first; either secret alone verifies every POST.
    const during = await eventsOfANewMessage();
    for (const r of during) {
      expect(r.signature.split(' ')).toHaveLength(2);
      expect({ id: r.id, old: Receiver.verifies(r, original), new: Receiver.verifies(r, fresh) }).toEqual({ id: r.id, old: true, new: true });
    }

    // Past the overlap: only the new secret signs.
    clock.advance(3 * MINUTE + 1_000);
    expect(await shown()).toMatchObject({ previous_secret_expires_at: null });
    const after = await eventsOfANewMessage();
    for (const r of after) {
      expect(r.signature.split(' ')).toHaveLength(1);
      expect({ id: r.id, old: Receiver.verifies(r, original), new: Receiver.verifies(r, fresh) }).toEqual({ id: r.id, old: false, new: true });
    }
    // The worker's hourly task forgets a previous secret that signs nothing any more.
    const { EventDeliveryWorker } = await import('../../apps/api/src/modules/integrator-events/event-delivery.worker.js');
    await sb.app.get(EventDeliveryWorker).forgetExpiredSecrets();
    expect((await sb.dataSource.query(`SELECT previous_secrets FROM event_endpoints WHERE id = $1`, [endpointId]))[0].previous_secrets).toEqual([]);
    original = fresh;
  });

  it('a second rotation during an overlap keeps the earlier old secret until its own expiry; keep_old_for_hours 0 ends every old one at once', async () => {
    const a = original;
    const b = (await rotate({ keep_old_for_hours: 24 }).expect(200)).body.secret as string;
    // B was shown once and lost before the receiver took it: rotating again must not cut off A.
    const c = await rotate({ keep_old_for_hours: 1 }).expect(200);
    const cSecret = c.body.secret as string;
    expect(Date.parse(c.body.endpoint.previous_secret_expires_at) - clock.now().getTime()).toBeGreaterThan(23 * 60 * MINUTE);
    const three = await eventsOfANewMessage();
    for (const r of three) {
      expect(r.signature.split(' ')).toHaveLength(3);
      expect([a, b, cSecret].map((s) => Receiver.verifies(r, s))).toEqual([true, true, true]);
    }

    // A leak: no overlap, so only the newest signs from now on.
    const d = (await rotate({ keep_old_for_hours: 0 }).expect(200)).body;
    expect(d.endpoint.previous_secret_expires_at).toBeNull();
    const only = await eventsOfANewMessage();
    for (const r of only) expect([a, b, cSecret, d.secret].map((s) => Receiver.verifies(r, s))).toEqual([false, false, false, true]);
    expect((await sb.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'event_endpoint.secret_rotated'`))[0].n).toBe(4);
  });

  it('refuses a keep_old_for_hours it cannot honour, naming it; an unknown endpoint is a 404', async () => {
    for (const keep of [-1, 721, 'a day', null]) {
      const res = await rotate({ keep_old_for_hours: keep }).expect(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain('keep_old_for_hours');
    }
    await rotate({ keep: 1 }).expect(400);
    await sb.api().post('/v1/event-endpoints/00000000-0000-4000-8000-000000000000/rotate-secret').send({}).expect(404);
    // Without a body field: the default overlap, 24 hours.
    const res = await rotate({}).expect(200);
    expect(Date.parse(res.body.endpoint.previous_secret_expires_at) - clock.now().getTime()).toBeGreaterThan(23.9 * 60 * MINUTE);
    await adminCalls(sb).delete(`/v1/event-endpoints/${endpointId}`).expect(204);
  });
});
