import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { adminCalls, FAST_DELIVERY_ENV, Receiver } from './receiver.js';

describe('event endpoints: disabled after repeated failure, enabled, replayed, recovered', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({
      app: {
        env: {
          ...FAST_DELIVERY_ENV,
          EVENT_ENDPOINT_DISABLE_AFTER_FAILURES: '3',
          EVENT_ENDPOINT_DISABLE_AFTER_FAILING_MS: '0',
          EVENT_DELIVERY_CONCURRENCY_PER_ENDPOINT: '2',
        },
      },
    });
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  let n = 0;
  const enqueue = async () => {
    n += 1;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `lifecycle-${n}`, to: `+1650555060${n}` }))
      .expect(201);
    return res.body.message.id as string;
  };
  const endpointOf = async (id: string) =>
    ((await sb.api().get('/v1/event-endpoints').expect(200)).body.data as { id: string }[]).find((e) => e.id === id) as Record<string, unknown>;
  const deliveries = async (id: string) =>
    (await sb.api().get(`/v1/event-endpoints/${id}/deliveries?limit=200`).expect(200)).body.data as {
      id: string;
      event_id: string;
      state: string;
      type: string;
    }[];

  it('an endpoint that keeps failing is disabled with an alert; enabling it resumes what it was owed and resolves the alert', async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'], description: 'orders' })
      .expect(201);
    const id = created.body.endpoint.id as string;
    receiver.otherwise = 503;
    await enqueue();
    await waitFor(async () => (await endpointOf(id)).enabled === false, { what: 'the endpoint disabled' });
    expect(await endpointOf(id)).toMatchObject({ enabled: false, disabled_reason: 'failing', consecutive_failures: 3 });
    const alerts = (await sb.api().get('/v1/work-items?kind=alert').expect(200)).body;
    // Raised before the endpoint is disabled, so it is there by now.
    expect(JSON.stringify(alerts)).toContain(`event_endpoint.failing:${id}`);
    // The endpoint's URL is for admins on its own page, not in an alert every agent reads.
    expect(JSON.stringify(alerts)).not.toContain('/sendbook-events');
    // Disabled: nothing more is tried, but what it is owed is kept.
    const triedWhileFailing = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.received.length).toBe(triedWhileFailing);
    expect((await deliveries(id)).some((d) => d.state === 'pending')).toBe(true);

    receiver.otherwise = 200;
    const enabled = await adminCalls(sb).patch(`/v1/event-endpoints/${id}`).send({ enabled: true }).expect(200);
    expect(enabled.body.endpoint).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
    await waitFor(async () => (await deliveries(id)).every((d) => d.state === 'delivered'), { what: 'everything owed delivered after enabling' });
    const [alert] = await sb.dataSource.query(`SELECT state, resolved_by FROM alerts WHERE key = $1`, [`event_endpoint.failing:${id}`]);
    expect(alert.state).toBe('resolved');
    receiver.verifyAll(created.body.secret);
    await adminCalls(sb).delete(`/v1/event-endpoints/${id}`).expect(204);
  });

  it('replay sends one event again with the same id; recover sends what an admin-disabled endpoint missed, not what it had', async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'] })
      .expect(201);
    const id = created.body.endpoint.id as string;
    receiver.otherwise = 200;
    receiver.received.length = 0;
    const first = await enqueue();
    await waitFor(async () => (await deliveries(id)).length > 0 && (await deliveries(id)).every((d) => d.state === 'delivered'), {
      what: 'the first message’s events delivered',
    });
    const [one] = (await deliveries(id)).filter((d) => d.state === 'delivered');
    const replayed = await sb.api().post(`/v1/event-endpoints/${id}/deliveries/${one!.id}/replay`).expect(200);
    expect(replayed.body.delivery).toMatchObject({ id: one!.id, event_id: one!.event_id, state: 'pending' });
    await waitFor(() => receiver.received.filter((r) => r.id === one!.event_id && r.answered === 200 && r.raw.includes(first)).length === 2, {
      what: 'the replay',
    });

    // Disabled by an admin: events meanwhile are not owed to it…
    const since = new Date().toISOString();
    await adminCalls(sb).patch(`/v1/event-endpoints/${id}`).send({ enabled: false }).expect(200);
    const missed = await enqueue();
    // The message goes all the way (the simulator reads it) while the endpoint is off.
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE id = $1 AND state = 'read'`, [missed])).length > 0, {
      what: 'the missed message read',
    });
    const missedEvents: { id: string }[] = await sb.dataSource.query(`SELECT id FROM integrator_events WHERE snapshot->'message'->>'id' = $1 ORDER BY seq`, [
      missed,
    ]);
    expect(missedEvents.length).toBeGreaterThanOrEqual(5);
    expect(receiver.received.some((r) => r.raw.includes(missed))).toBe(false);
    // …until recover: everything since then it did not receive, once, in order.
    await adminCalls(sb).patch(`/v1/event-endpoints/${id}`).send({ enabled: true }).expect(200);
    const before = receiver.received.length;
    const recovered = await sb.api().post(`/v1/event-endpoints/${id}/recover`).send({ since }).expect(200);
    expect(recovered.body.owed).toBeGreaterThan(0);
    await waitFor(async () => (await deliveries(id)).every((d) => d.state === 'delivered'), { what: 'the recovered events delivered' });
    const after = receiver.received.slice(before);
    expect(after.length).toBe(recovered.body.owed);
    expect(new Set(after.map((r) => r.id)).size).toBe(after.length);
    expect(after.map((r) => r.id)).toEqual(missedEvents.map((e) => e.id));
    const states = after.map((r) => (r.event.data.message as { state: string }).state);
    expect(states.slice(0, 4)).toEqual(['queued', 'sending', 'accepted', 'sent']);
    // Meta's delivered may be overtaken by read (the row only moves forward).
    expect(['delivered', 'read']).toContain(states.at(-1));
    // Asked again, nothing more is owed: it has them all.
    expect((await sb.api().post(`/v1/event-endpoints/${id}/recover`).send({ since }).expect(200)).body.owed).toBe(0);
    await sb.api().post(`/v1/event-endpoints/${id}/recover`).send({ since: 'yesterday' }).expect(400);

    await adminCalls(sb).delete(`/v1/event-endpoints/${id}`).expect(204);
    await adminCalls(sb).delete(`/v1/event-endpoints/${id}`).expect(404);
    expect((await sb.dataSource.query(`SELECT 1 FROM event_deliveries WHERE endpoint_id = $1`, [id])).length).toBe(0);
  });

  it('at most EVENT_DELIVERY_CONCURRENCY_PER_ENDPOINT POSTs are in flight to one endpoint', async () => {
    const slow = await Receiver.start();
    try {
      const created = await sb
        .api()
        .post('/v1/event-endpoints')
        .send({ url: slow.url, events: ['message.state_changed'] })
        .expect(201);
      const id = created.body.endpoint.id as string;
      slow.otherwise = 'hang';
      // Four messages: four ordering keys, so order alone would let all four go at once.
      for (let i = 0; i < 4; i++) await enqueue();
      await waitFor(() => slow.received.length >= 2, { what: 'two POSTs in flight' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(slow.received.filter((r) => r.answered === 'hung').length).toBe(2);
      slow.otherwise = 200;
      await waitFor(async () => (await deliveries(id)).every((d) => d.state === 'delivered'), { what: 'all delivered once the receiver answers' });
      // The hung POSTs were abandoned at the time-out (they were never answered) and made again.
      const errors = (
        (await sb.api().get(`/v1/event-endpoints/${id}/deliveries`).expect(200)).body.data as { recent_attempts: { error: string | null }[] }[]
      ).flatMap((d) => d.recent_attempts.map((a) => a.error));
      expect(errors.filter((e) => e === `no answer within ${FAST_DELIVERY_ENV.EVENT_DELIVERY_TIMEOUT_MS} ms`).length).toBeGreaterThanOrEqual(2);
      await adminCalls(sb).delete(`/v1/event-endpoints/${id}`).expect(204);
    } finally {
      await slow.close();
    }
  });

  it('a redirect is not followed: it is a failed attempt, retried at the same URL', async () => {
    const moved = await Receiver.start();
    const target = await Receiver.start();
    try {
      moved.redirectTo = target.url;
      moved.next(302, 307);
      const created = await sb
        .api()
        .post('/v1/event-endpoints')
        .send({ url: moved.url, events: ['message.state_changed'] })
        .expect(201);
      const id = created.body.endpoint.id as string;
      await enqueue();
      await waitFor(async () => (await deliveries(id)).length > 0 && (await deliveries(id)).every((d) => d.state === 'delivered'), {
        what: 'delivered at the registered URL',
      });
      expect(moved.received.slice(0, 2).map((r) => r.answered)).toEqual([302, 307]);
      expect(target.received).toEqual([]);
      const attempts = (
        (await sb.api().get(`/v1/event-endpoints/${id}/deliveries`).expect(200)).body.data as { recent_attempts: { status_code: number }[] }[]
      ).flatMap((d) => d.recent_attempts.map((a) => a.status_code));
      expect(attempts.filter((c) => c === 302 || c === 307)).toHaveLength(2);
      await adminCalls(sb).delete(`/v1/event-endpoints/${id}`).expect(204);
    } finally {
      await moved.close();
      await target.close();
    }
  });
});
