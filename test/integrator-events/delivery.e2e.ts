import { buttonsPayload, inbound, sendTo } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { postWebhook } from '../webhooks/webhook-support.js';
import { FAST_DELIVERY_ENV, Receiver, type Received } from './receiver.js';

/** seq of each event id, from the database. */
async function seqOf(sb: Sendbook): Promise<Map<string, number>> {
  const rows: { id: string; seq: string }[] = await sb.dataSource.query(`SELECT id, seq FROM integrator_events`);
  return new Map(rows.map((r) => [r.id, Number(r.seq)]));
}

const keyOf = (r: Received): string => {
  const data = r.event.data as { message?: { id: string }; inbound?: { id: string } };
  return r.event.type.startsWith('message.') ? `message:${data.message!.id}` : `inbound:${data.inbound!.id}`;
};

describe('events to integrators: signed, at least once, in order per message', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: FAST_DELIVERY_ENV } });
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  it('a receiver answering 500, 500, then 200 gets each event exactly once more, in order per message, every signature valid', async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed', 'inbound.received', 'inbound.attributed'] })
      .expect(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(created.body.endpoint).toMatchObject({
      url: receiver.url,
      enabled: true,
      events: ['message.state_changed', 'inbound.received', 'inbound.attributed'],
    });
    expect(JSON.stringify((await sb.api().get('/v1/event-endpoints').expect(200)).body)).not.toContain(secret);

    receiver.next(500, 500);
    const waId = '16505550301';
    // Customers who wrote first, so the 24-hour window is open for the questions.
    await inbound(sb, sb.sim.customer(waId).sendText('hi, I ordered'));
    await inbound(sb, sb.sim.customer('16505550302').sendText('me too'));
    const question = await sendTo(sb, waId, buttonsPayload('Confirm order 44812?'), 'order_confirmation');
    const second = await sendTo(sb, '16505550302', buttonsPayload('Confirm order 44813?'), 'order_confirmation');
    const tapped = await inbound(sb, sb.sim.customer(waId).reply(question.wamid, 'Yes'));
    await waitFor(
      async () => {
        const states: { state: string }[] = await sb.dataSource.query(`SELECT state FROM outbound_messages WHERE id = ANY($1)`, [[question.id, second.id]]);
        return states.every((s) => s.state === 'read');
      },
      // The simulator's customers read what they get: read is the last change, so no event comes after.
      { what: 'both messages read' },
    );
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM event_deliveries WHERE state <> 'delivered'`)).length === 0, {
      what: 'every event delivered',
    });

    receiver.verifyAll(secret);
    expect(receiver.received.slice(0, 2).map((r) => r.answered)).toEqual([500, 500]);
    const seq = await seqOf(sb);
    // Exactly once each with a 2xx, and the two refused ones among them.
    const accepted = receiver.accepted().map((r) => r.id);
    expect(new Set(accepted).size).toBe(accepted.length);
    expect([...accepted].sort()).toEqual([...seq.keys()].sort());
    for (const refused of receiver.received.slice(0, 2)) expect(accepted).toContain(refused.id);
    // The body's id is the header's, stable across attempts.
    for (const r of receiver.received) expect(r.event.id).toBe(r.id);

    // Per message (and per inbound message): nothing of event n+1 before event n was accepted.
    const byKey = new Map<string, Received[]>();
    for (const r of receiver.received) byKey.set(keyOf(r), [...(byKey.get(keyOf(r)) ?? []), r]);
    for (const [key, list] of byKey) {
      const seqs = list.map((r) => seq.get(r.id)!);
      expect({ key, seqs }).toEqual({ key, seqs: [...seqs].sort((a, b) => a - b) });
    }

    // The message chain reads like the audit trail: each previous_state is the state before.
    const chain = receiver.accepted().filter((r) => keyOf(r) === `message:${question.id}`);
    const states = chain.map((r) => (r.event.data.message as { state: string }).state);
    expect(states.slice(0, 4)).toEqual(['queued', 'sending', 'accepted', 'sent']);
    // Meta's delivered may be overtaken by read (the row moves forward only); either ends the chain.
    expect(['delivered', 'read']).toContain(states.at(-1));
    chain.forEach((r, i) => expect(r.event.data.previous_state).toBe(i === 0 ? null : states[i - 1]));
    expect(chain[0]!.event.data).toMatchObject({ message: { id: question.id, dedupe_key: expect.any(String), purpose: 'order_confirmation' } });

    // The tap: received, then attributed to the question with its choice and the message's keys.
    const tap = receiver.accepted().filter((r) => keyOf(r) === `inbound:${tapped.id}`);
    expect(tap.map((r) => r.event.type)).toEqual(['inbound.received', 'inbound.attributed']);
    expect(tap[0]!.event.data.inbound).toMatchObject({ id: tapped.id, wamid: tapped.wamid, choice: { id: 'confirm', title: 'Yes' }, message_id: question.id });
    const questionRow = (await sb.api().get(`/v1/messages/${question.id}`).expect(200)).body.message;
    expect(tap[1]!.event.data).toMatchObject({
      choice: { id: 'confirm', title: 'Yes' },
      context_wamid: question.wamid,
      dedupe_key: questionRow.dedupe_key,
      trigger_ref: questionRow.trigger_ref,
      message: { id: question.id },
      inbound: { id: tapped.id },
    });

    // Attempts are kept and shown: the refused ones with their status, latency and body.
    const deliveries = (await sb.api().get(`/v1/event-endpoints/${created.body.endpoint.id}/deliveries`).expect(200)).body.data as {
      event_id: string;
      attempts: number;
      state: string;
      recent_attempts: { status_code: number; latency_ms: number; body_excerpt: string }[];
    }[];
    const retried = deliveries.filter((d) => d.attempts > 1);
    expect(retried.length).toBeGreaterThanOrEqual(1);
    // The two 500s (one event twice, or two events once each), each retried delivery ending in a 200.
    expect(retried.flatMap((d) => d.recent_attempts.map((a) => a.status_code)).filter((c) => c === 500)).toHaveLength(2);
    for (const d of retried)
      expect(d).toMatchObject({ state: 'delivered', recent_attempts: [expect.objectContaining({ status_code: 200 }), ...d.recent_attempts.slice(1)] });
    expect(retried.flatMap((d) => d.recent_attempts).find((a) => a.status_code === 500)).toMatchObject({
      body_excerpt: 'nope 500',
      latency_ms: expect.any(Number),
    });
  });

  it('an event is never delivered for a change that rolled back', async () => {
    const endpoint = (await sb.api().get('/v1/event-endpoints').expect(200)).body.data[0];
    const [row] = await sb.dataSource.query(`SELECT id, state FROM outbound_messages ORDER BY created_at LIMIT 1`);
    const before = receiver.received.length;
    await expect(
      sb.dataSource.transaction(async (tx) => {
        await tx.query(`UPDATE outbound_messages SET state = 'cancelled', cancelled_at = now() WHERE id = $1`, [row.id]);
        await tx.query(
          `INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason) VALUES ($1, $2, 'cancelled', 'test', 'rolled back')`,
          [row.id, row.state],
        );
        // The event row exists inside the transaction…
        expect((await tx.query(`SELECT 1 FROM integrator_events WHERE snapshot->>'reason' = 'rolled back'`)).length).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // …and is gone with it; a committed change afterwards is delivered, the rolled-back one never.
    const later = await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'after-rollback', to: '+16505550303', purpose: 'order_update', payload: { type: 'text', text: { body: 'hi' } } })
      .expect(201);
    await waitFor(() => receiver.accepted().some((r) => (r.event.data.message as { id: string } | undefined)?.id === later.body.message.id), {
      what: 'the committed change delivered',
    });
    expect((await sb.dataSource.query(`SELECT 1 FROM integrator_events WHERE snapshot->>'reason' = 'rolled back'`)).length).toBe(0);
    expect(receiver.received.slice(before).some((r) => r.event.data.reason === 'rolled back')).toBe(false);
    expect(endpoint.enabled).toBe(true);
  });

  it('message.failed carries the error; a failed message, an unattributed reply, a poison webhook and an alert each open a work item and resolving it says so', async () => {
    const other = await Receiver.start();
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: other.url, events: ['message.failed', 'work_item.opened', 'work_item.resolved'] })
      .expect(201);
    const items = (kind: string) =>
      other.accepted().filter((r) => r.event.type.startsWith('work_item.') && (r.event.data.work_item as { kind: string }).kind === kind);
    try {
      sb.sim.customer('16505550311', { failWith: 131026 });
      const res = await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'will-fail', to: '+16505550311', trigger_ref: 'orders/9' }))
        .expect(201);
      const id = res.body.message.id as string;
      await waitFor(() => other.accepted().some((r) => r.event.type === 'message.failed'), { what: 'message.failed' });
      const failed = other.accepted().find((r) => r.event.type === 'message.failed')!;
      expect(failed.event.data).toMatchObject({
        message: { id, state: 'failed', trigger_ref: 'orders/9' },
        trigger_ref: 'orders/9',
        error: expect.objectContaining({ code: 131026 }),
      });
      // Only the types it took: no state changes.
      expect(other.received.some((r) => r.event.type === 'message.state_changed')).toBe(false);

      // The failed message is a work item until someone decides: dismissing it resolves it.
      await waitFor(() => items('failed').length === 1, { what: 'the failed work item opened' });
      await sb.api().post(`/v1/work-items/failed/${id}/dismiss`).send({ note: 'customer called instead' }).expect(200);
      await waitFor(() => items('failed').length === 2, { what: 'the failed work item resolved' });
      expect(items('failed').map((r) => [r.event.type, r.event.data.work_item])).toEqual([
        ['work_item.opened', { kind: 'failed', id, state: 'open' }],
        ['work_item.resolved', { kind: 'failed', id, state: 'resolved' }],
      ]);
      expect(items('failed')[1]!.event.data).toMatchObject({ message: { id, state: 'failed' }, trigger_ref: 'orders/9', reason: 'work_item.dismissed' });

      // A reply that could answer either of two questions is unattributed until a person attributes it.
      const waId = '16505550312';
      await inbound(sb, sb.sim.customer(waId).sendText('hello'));
      const monday = await sendTo(sb, waId, buttonsPayload('Monday at 10?'), 'order_confirmation');
      await sendTo(sb, waId, buttonsPayload('Tuesday at 10?'), 'order_confirmation');
      const reply = await inbound(sb, sb.sim.customer(waId).sendText('yes'));
      expect(reply).toMatchObject({ attribution: 'unattributed' });
      await waitFor(() => items('unattributed_inbound').length === 1, { what: 'the unattributed work item opened' });
      await sb.api().post(`/v1/inbound/${reply.id}/attribute`).send({ message_id: monday.id, note: 'she meant Monday' }).expect(200);
      await waitFor(() => items('unattributed_inbound').length === 2, { what: 'the unattributed work item resolved' });
      const [openedReply, resolvedReply] = items('unattributed_inbound');
      expect(openedReply!.event).toMatchObject({
        type: 'work_item.opened',
        data: { work_item: { kind: 'unattributed_inbound', id: reply.id, state: 'open' }, inbound: { id: reply.id, attribution: 'unattributed' } },
      });
      expect(resolvedReply!.event).toMatchObject({
        type: 'work_item.resolved',
        data: {
          work_item: { kind: 'unattributed_inbound', id: reply.id, state: 'resolved' },
          inbound: { id: reply.id, attribution: 'message', message_id: monday.id },
        },
      });

      // Stored webhooks we could not process: replaying one or dismissing it resolves its work item.
      await postWebhook(sb.url, '{"object":"whatsapp_business_account","entry": [ broken');
      await postWebhook(sb.url, '{"hello":"world"}');
      await waitFor(() => items('poison_webhook').length === 2, { what: 'two poison webhook work items' });
      // Two deliveries, processed side by side: told apart by why they are poison, not by arrival.
      type PoisonEvent = { work_item: { id: string }; delivery: { last_error: { code: string } } };
      const poisonBy = (code: string) =>
        items('poison_webhook')
          .map((r) => r.event.data as PoisonEvent)
          .find((d) => d.delivery.last_error.code === code)!;
      const broken = poisonBy('invalid_json').work_item.id;
      const stranger = poisonBy('not_an_envelope').work_item.id;
      expect(poisonBy('invalid_json')).toMatchObject({
        work_item: { kind: 'poison_webhook', state: 'open' },
        delivery: { id: broken, state: 'poison', last_error: { code: 'invalid_json' } },
      });
      await sb
        .api()
        .post('/v1/webhooks/replay')
        .send({ ids: [broken], include_poison: true, note: 'parser fixed' })
        .expect(202);
      await sb.api().post(`/v1/work-items/poison_webhook/${stranger}/dismiss`).send({ note: 'garbage from a test tool' }).expect(200);
      const resolvedPoison = () => items('poison_webhook').filter((r) => r.event.type === 'work_item.resolved');
      await waitFor(() => resolvedPoison().length === 2, { what: 'both poison work items resolved' });
      expect(Object.fromEntries(resolvedPoison().map((r) => [(r.event.data.work_item as { id: string }).id, r.event.data.reason]))).toEqual({
        [broken!]: 'webhook.replayed',
        [stranger!]: 'work_item.dismissed',
      });

      const { AlertsService } = await import('../../apps/api/src/modules/alerts/alerts.service.js');
      const { alert } = await sb.app.get(AlertsService).raise({ source: 'test', key: 'integrator-events.test', title: 'Something to look at', details: {} });
      await sb.api().post(`/v1/alerts/${alert.id}/resolve`).send({ note: 'looked' }).expect(200);
      await waitFor(() => items('alert').length === 2, { what: 'both alert work item events' });
      const [opened, resolved] = items('alert');
      expect(opened!.event).toMatchObject({
        type: 'work_item.opened',
        data: { work_item: { kind: 'alert', id: alert.id, state: 'open' }, alert: { title: 'Something to look at' } },
      });
      expect(resolved!.event).toMatchObject({
        type: 'work_item.resolved',
        data: { work_item: { kind: 'alert', id: alert.id, state: 'resolved' }, alert: { resolution_note: 'looked' } },
      });
      other.verifyAll(created.body.secret);
    } finally {
      await other.close();
    }
  });
});
