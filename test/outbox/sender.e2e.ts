import { getQueueToken } from '@nestjs/bullmq';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import { OutboundSender } from '../../apps/api/src/modules/outbox/outbound-sender.service.js';
import { OutboxSweeper } from '../../apps/api/src/modules/outbox/outbox-sweeper.service.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const FINAL_OK = ['accepted', 'sent', 'delivered', 'read'];

describe('the sender never sends twice', () => {
  let sb: Sendbook;
  let n = 0;
  beforeAll(async () => {
    // Workers on, but the periodic sweep slow, so each test decides when rows move.
    // The sending policy's pacing is opened wide so racers meet at the claim itself (the policy has its own tests).
    sb = await startSendbook({
      sim: { pairIntervalMs: 0 },
      app: { env: { STUCK_SENDING_AFTER_MS: '1000', SWEEP_INTERVAL_MS: '600000', SEND_RATE_PER_SECOND: '10000', PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0' } },
    });
  });
  afterAll(() => sb.close());

  async function enqueue(extra: Record<string, unknown> = {}) {
    n += 1;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `sender-${n}`, to: `+97250100${String(1000 + n)}`, ...extra }))
      .expect(201);
    return res.body.message.id as string;
  }
  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const sendsOf = (id: string) => sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id).length;

  it('the same job delivered twice and two workers racing for one row: one send', async () => {
    const id = await enqueue({ not_before: new Date(Date.now() + 60_000).toISOString() });
    await sb.dataSource.query(`UPDATE outbound_messages SET not_before = now() WHERE id = $1`, [id]);
    const sender = sb.app.get(OutboundSender);
    const queue = sb.app.get<Queue>(getQueueToken(QUEUE_NAMES.outbound));
    // A second job for the same row under another id (as a stalled job re-delivered would be),
    // plus two direct racers.
    await queue.add('send', { messageId: id }, { jobId: `${id}-again`, removeOnComplete: true });
    const [a, b] = await Promise.all([sender.send(id), sender.send(id)]);
    // The extra job may win the claim before either racer; what matters is that at most one sent.
    expect([a.kind, b.kind].filter((kind) => kind === 'done').length).toBeLessThanOrEqual(1);
    await sb.app.get(OutboxSweeper).sweep();
    await waitFor(async () => FINAL_OK.includes((await message(id)).state));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendsOf(id)).toBe(1);
    expect((await message(id)).attempts).toBe(1);
  });

  it('a lost response leaves the row in sending, listed as stuck, never re-sent by a sweep; retry by hand sends once more', async () => {
    // No status webhooks here: a `sent` status would heal the row (tested in test/webhooks).
    sb.sim.configure({ webhookUrl: null });
    sb.sim.scriptNext(1, { kind: 'lose_response' });
    const id = await enqueue();
    await waitFor(async () => (await message(id)).last_error?.code === 'unknown_outcome');
    expect((await message(id)).state).toBe('sending');
    expect(sendsOf(id)).toBe(1);

    await waitFor(async () => (await sb.api().get('/v1/work-items?kind=stuck_sending').expect(200)).body.data.some((w: { id: string }) => w.id === id));
    const items = (await sb.api().get('/v1/work-items?kind=stuck_sending')).body.data;
    expect(items.find((w: { id: string }) => w.id === id)).toMatchObject({
      kind: 'stuck_sending',
      attempts: 1,
      last_error: { code: 'unknown_outcome' },
      actions: ['mark_sent', 'retry', 'cancel'],
    });

    expect(await sb.app.get(OutboxSweeper).sweep()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendsOf(id)).toBe(1);
    expect((await message(id)).state).toBe('sending');

    const resolved = await sb.api().post(`/v1/messages/${id}/resolve`).send({ action: 'retry', note: 'checked with the customer: never arrived' }).expect(200);
    expect(resolved.body.message.state).toBe('queued');
    await waitFor(async () => (await message(id)).state === 'accepted');
    expect(sendsOf(id)).toBe(2);
    const history = (await sb.api().get(`/v1/messages/${id}/history`)).body.data;
    expect(history).toContainEqual(
      expect.objectContaining({
        from_state: 'sending',
        to_state: 'queued',
        actor: await sb.keyActor(),
        actor_name: 'API key “bootstrap”',
        details: { note: 'checked with the customer: never arrived' },
      }),
    );
    sb.sim.configure({ webhookUrl: `${sb.url}/webhooks/whatsapp` });
  });

  it('a resolution that does not fit the state is refused', async () => {
    const id = await enqueue();
    await waitFor(async () => FINAL_OK.includes((await message(id)).state));
    const res = await sb.api().post(`/v1/messages/${id}/resolve`).send({ action: 'retry' }).expect(409);
    expect(res.body.error).toBe('invalid_state_transition');
    await sb.api().post(`/v1/messages/${id}/resolve`).send({ action: 'explode' }).expect(400);
  });

  it('130429 from Meta: rescheduled, then accepted', async () => {
    sb.sim.scriptNext(1, { kind: 'error', code: 130429 });
    const id = await enqueue();
    await waitFor(async () => (await message(id)).last_error?.code === 130429);
    await waitFor(async () => FINAL_OK.includes((await message(id)).state), { timeoutMs: 30_000 });
    const final = await message(id);
    expect(final.attempts).toBe(2);
    expect(sendsOf(id)).toBe(1);
  });

  it('131026 from Meta: failed with last_error, never retried', async () => {
    sb.sim.scriptNext(1, { kind: 'error', code: 131026 });
    const id = await enqueue();
    await waitFor(async () => (await message(id)).state === 'failed');
    const failed = await message(id);
    expect(failed.last_error).toMatchObject({ code: 131026, title: expect.any(String) });
    expect(failed.failed_at).toEqual(expect.any(String));
    expect(sendsOf(id)).toBe(0);
    expect((await sb.api().get('/v1/work-items?kind=failed')).body.data.map((w: { id: string }) => w.id)).toContain(id);
  });

  it('an expired token pauses sending: nothing is failed, and resume sends everything once', async () => {
    sb.sim.configure({ accessToken: 'rotated-token' });
    const ids = [await enqueue(), await enqueue(), await enqueue()];
    await waitFor(async () => (await sb.api().get('/v1/pauses')).body.data.length === 1);
    expect((await sb.api().get('/v1/pauses')).body.data[0]).toMatchObject({ scope: 'account', code: '190' });
    const alerts = (await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data;
    expect(alerts.map((a: { alert: { key: string } }) => a.alert.key)).toEqual(['sending_paused:account']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const id of ids) expect((await message(id)).state).toBe('queued');

    sb.sim.configure({ accessToken: sb.config.whatsapp.accessToken });
    const resumed = await sb.api().post(`/v1/numbers/${sb.config.whatsapp.phoneNumberId}/resume`).expect(200);
    expect(resumed.body.resumed).toBe(1);
    expect((await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data).toEqual([]);
    await waitFor(async () => (await Promise.all(ids.map(message))).every((m) => FINAL_OK.includes(m.state)));
    for (const id of ids) expect(sendsOf(id)).toBe(1);
  });
});
