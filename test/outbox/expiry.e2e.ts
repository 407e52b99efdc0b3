import { FAST_DELIVERY_ENV, Receiver } from '../integrator-events/receiver.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

/**
 * `expires_at`: a one-time code or a delivery slot that is no longer true must not arrive late. A
 * row not claimed for sending by then is cancelled as `expired` (one `message.state_changed`) and
 * never sent afterwards, whatever held it back.
 */
describe('expires_at: never sent late', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: { ...FAST_DELIVERY_ENV, EXPIRE_INTERVAL_MS: '200' } } });
    await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'] })
      .expect(201);
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  const get = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const cancelledEvents = (id: string) =>
    receiver
      .accepted()
      .filter((r) => r.event.type === 'message.state_changed' && (r.event.data.message as { id: string; state: string }).id === id)
      .filter((r) => (r.event.data.message as { state: string }).state === 'cancelled');

  it('rows 2 s from expiry behind a paced backlog: the one that could go went in time, the rest expired, one event each', async () => {
    // One customer, six messages: Meta allows one per 6 s to a user, so all but the first wait past their expiry.
    const expiresAt = new Date(Date.now() + 2_000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const body = messageRequest({ dedupe_key: `otp-${i}`, to: '+972503330001', purpose: 'one_time_code', expires_at: expiresAt.toISOString() });
      const created = await sb.api().post('/v1/messages').send(body).expect(201);
      expect(created.body.message.expires_at).toBe(expiresAt.toISOString());
      ids.push(created.body.message.id);
    }
    await waitFor(async () => (await Promise.all(ids.map(get))).every((m) => m.state !== 'queued' && m.state !== 'sending'), {
      what: 'every row sent or expired',
      timeoutMs: 20_000,
    });
    // Long enough for a late send to show itself, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await sb.sim.idle();

    const rows = await Promise.all(ids.map(get));
    const sends = sb.sim.acceptedMessages().filter((m) => ids.includes(m.bizOpaqueCallbackData ?? ''));
    for (const send of sends) expect(send.acceptedAt).toBeLessThanOrEqual(expiresAt.getTime());
    const expired = rows.filter((m) => m.state === 'cancelled');
    expect(expired.length).toBeGreaterThanOrEqual(5);
    expect(sends).toHaveLength(6 - expired.length);
    for (const m of expired) {
      expect(m.last_error).toMatchObject({ code: 'expired' });
      expect(Date.parse(m.cancelled_at)).toBeGreaterThanOrEqual(expiresAt.getTime());
      expect(sends.some((s) => s.bizOpaqueCallbackData === m.id)).toBe(false);
      const history = (await sb.api().get(`/v1/messages/${m.id}/history`).expect(200)).body.data as { to_state: string; reason: string }[];
      expect(history.filter((h) => h.to_state === 'cancelled')).toEqual([expect.objectContaining({ reason: 'expired: not sent by its expires_at' })]);
    }
    await waitFor(() => expired.every((m) => cancelledEvents(m.id).length >= 1), { what: 'each expiry told to the integrator' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const m of expired) expect(cancelledEvents(m.id)).toHaveLength(1);
  });

  it('an expires_at already past: the row expires at once, and the same request again still deduplicates', async () => {
    const body = messageRequest({ dedupe_key: 'slot-past', to: '+972503330002', expires_at: new Date(Date.now() - 1_000).toISOString() });
    const first = await sb.api().post('/v1/messages').send(body).expect(201);
    await waitFor(async () => (await get(first.body.message.id)).state === 'cancelled', { what: 'the row expired' });
    const again = await sb.api().post('/v1/messages').send(body).expect(200);
    expect(again.body).toMatchObject({ deduplicated: true, message: { id: first.body.message.id, state: 'cancelled', last_error: { code: 'expired' } } });
    expect(sb.sim.acceptedMessages().filter((m) => m.bizOpaqueCallbackData === first.body.message.id)).toHaveLength(0);
  });

  it('in a batch each item carries its own; a time that is not one, or before not_before, is refused naming the field', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const batch = await sb
      .api()
      .post('/v1/messages/batch')
      .send({
        messages: [
          messageRequest({ dedupe_key: 'batch-exp-1', to: '+972503330003', expires_at: soon }),
          messageRequest({ dedupe_key: 'batch-exp-2', to: '+972503330004', expires_at: 'tomorrow' }),
          messageRequest({ dedupe_key: 'batch-exp-3', to: '+972503330005', not_before: soon, expires_at: new Date(Date.now() + 30_000).toISOString() }),
        ],
      })
      .expect(200);
    const [ok, notATime, beforeStart] = batch.body.results;
    expect(ok).toMatchObject({ status: 'created', message: { expires_at: soon } });
    expect(notATime.status).toBe('invalid');
    expect(notATime.details).toContainEqual(expect.objectContaining({ field: 'expires_at' }));
    expect(beforeStart.details).toContainEqual({ field: 'expires_at', message: 'must be after not_before' });
  });
});
