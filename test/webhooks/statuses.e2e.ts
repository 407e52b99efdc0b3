import { WebhooksService } from '../../apps/api/src/modules/webhooks/webhooks.service.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed, count, counter, envelope, insertOutbound, iso, outbound, postWebhook, statusItem } from './webhook-support.js';

const T0 = 1_790_000_000;

describe('status webhooks: merged by rank, every event once, unknown wamids healed or parked', () => {
  let sb: Sendbook;
  let n = 0;
  beforeAll(async () => {
    sb = await startSendbook({
      app: { env: { WEBHOOK_SWEEP_INTERVAL_MS: '500', WEBHOOK_PARKED_RETRY_MS: '300', WEBHOOK_FOREIGN_AFTER_MS: '1500', STUCK_SENDING_AFTER_MS: '1000' } },
      sim: { timeScale: 1 / 1000 },
    });
  });
  afterAll(() => sb.close());

  const db = () => sb.dataSource;
  const post = async (statuses: Record<string, unknown>[]) => expect((await postWebhook(sb.url, envelope({ statuses }))).status).toBe(200);
  const settle = () => waitFor(() => allProcessed(db()));
  const history = (id: string) =>
    db().query(`SELECT status, occurred_at, merge_result, match_state FROM message_status_events WHERE message_id = $1 ORDER BY id`, [id]);
  const audits = (id: string) =>
    db().query(`SELECT from_state, to_state FROM outbound_message_events WHERE message_id = $1 AND actor = 'webhook' ORDER BY id`, [id]);

  it('read → sent → delivered, each in its own POST: final read, every timestamp Meta’s own', async () => {
    const id = await insertOutbound(db());
    const wamid = `wamid.${id}`;
    await post([statusItem({ wamid, status: 'read', timestamp: T0 + 20 })]);
    await settle();
    let row = await outbound(db(), id);
    expect(row.state).toBe('read');
    // read arrived before delivered: delivered_at stays empty until delivered arrives.
    expect(row.delivered_at).toBeNull();
    await post([statusItem({ wamid, status: 'sent', timestamp: T0 })]);
    // Deliveries are processed concurrently: settle each, so the history below has one order.
    await settle();
    await post([statusItem({ wamid, status: 'delivered', timestamp: T0 + 10 })]);
    await settle();
    row = await outbound(db(), id);
    expect(row.state).toBe('read');
    expect((row.sent_at as Date).toISOString()).toBe(iso(T0));
    expect((row.delivered_at as Date).toISOString()).toBe(iso(T0 + 10));
    expect((row.read_at as Date).toISOString()).toBe(iso(T0 + 20));
    expect((await history(id)).map((h: { status: string; merge_result: string }) => [h.status, h.merge_result])).toEqual([
      ['read', 'advanced'],
      ['sent', 'stale'],
      ['delivered', 'stale'],
    ]);
    expect(await audits(id)).toEqual([{ from_state: 'accepted', to_state: 'read' }]);
    const [sent] = await db().query(`SELECT pricing, conversation FROM message_status_events WHERE message_id = $1 AND status = 'sent'`, [id]);
    expect(sent.pricing).toMatchObject({ pricing_model: 'PMP', category: 'utility' });
    expect(sent.conversation).toMatchObject({ id: 'conv-1', origin: { type: 'utility' } });
  });

  it('failed after read: failed with the error; delivered after failed: still failed', async () => {
    const id = await insertOutbound(db());
    const wamid = `wamid.${id}`;
    await post([statusItem({ wamid, status: 'sent', timestamp: T0 }), statusItem({ wamid, status: 'read', timestamp: T0 + 5 })]);
    await settle();
    expect((await outbound(db(), id)).state).toBe('read');
    const errors = [
      {
        code: 131049,
        title: 'This message was not delivered to maintain healthy ecosystem engagement.',
        message: 'not delivered',
        error_data: { details: 'try in 24 h' },
      },
    ];
    await post([statusItem({ wamid, status: 'failed', timestamp: T0 + 7, errors })]);
    await settle();
    let row = await outbound(db(), id);
    expect(row.state).toBe('failed');
    expect((row.failed_at as Date).toISOString()).toBe(iso(T0 + 7));
    expect(row.last_error).toMatchObject({ code: 131049, details: 'try in 24 h' });
    await post([statusItem({ wamid, status: 'delivered', timestamp: T0 + 9 }), statusItem({ wamid, status: 'played', timestamp: T0 + 10 })]);
    await settle();
    row = await outbound(db(), id);
    expect(row.state).toBe('failed');
    expect(await audits(id)).toEqual([
      { from_state: 'accepted', to_state: 'sent' },
      { from_state: 'sent', to_state: 'read' },
      { from_state: 'read', to_state: 'failed' },
    ]);
    expect((await history(id)).map((h: { merge_result: string }) => h.merge_result)).toEqual([
      'advanced',
      'advanced',
      'failed_wins',
      'already_failed',
      'already_failed',
    ]);
  });

  it('a status that arrives before the send’s response: matched by biz_opaque_callback_data, wamid recorded', async () => {
    sb.sim.scriptNext(1, { kind: 'slow', ms: 800 });
    n += 1;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `wh-slow-${n}`, to: '+972501110001' }))
      .expect(201);
    const id = res.body.message.id as string;
    // The statuses come in while the sender still waits for its answer.
    await waitFor(async () => (await count(db(), `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])) > 0);
    const early = await outbound(db(), id);
    expect(['sent', 'delivered', 'read']).toContain(early.state);
    expect(early.wamid).toEqual(expect.stringMatching(/^wamid\./));
    expect(early.accepted_at).toBeNull();
    await waitFor(async () => (await outbound(db(), id)).state === 'read');
    await sb.sim.idle();
    const accepted = sb.sim.acceptedMessages().find((m) => m.bizOpaqueCallbackData === id);
    const final = await outbound(db(), id);
    expect(final.wamid).toBe(accepted?.wamid);
    expect(final.sent_at).not.toBeNull();
    expect(await count(db(), `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])).toBe(3);
  });

  it('a lost send response: the row leaves sending, healed by the status', async () => {
    sb.sim.scriptNext(1, { kind: 'lose_response' });
    n += 1;
    const res = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `wh-lost-${n}`, to: '+972501110002' }))
      .expect(201);
    const id = res.body.message.id as string;
    await waitFor(async () => (await outbound(db(), id)).state === 'read', { what: 'the row healed to read' });
    const row = await outbound(db(), id);
    expect(row.wamid).toBe(sb.sim.acceptedMessages().find((m) => m.bizOpaqueCallbackData === id)?.wamid);
    // sent, delivered and read may come in one webhook, and then the row moves once, to the highest.
    expect((await audits(id))[0]).toEqual({ from_state: 'sending', to_state: expect.stringMatching(/^(sent|delivered|read)$/) });
    // Healed rows are no longer stuck work items, and nothing was sent twice.
    const stuck = (await sb.api().get('/v1/work-items?kind=stuck_sending').expect(200)).body.data.map((w: { id: string }) => w.id);
    expect(stuck).not.toContain(id);
    expect(sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id)).toHaveLength(1);
  });

  it('an unknown wamid without callback data is parked, then applied when the wamid appears (applyParkedFor)', async () => {
    const wamid = 'wamid.parked-1';
    await post([statusItem({ wamid, status: 'delivered', timestamp: T0 + 3 }), statusItem({ wamid, status: 'sent', timestamp: T0 })]);
    await settle();
    expect(await count(db(), `SELECT 1 FROM message_status_events WHERE wamid = $1 AND match_state = 'parked'`, [wamid])).toBe(2);
    // The sender records the wamid (the response came late) and says so.
    const id = await insertOutbound(db(), { state: 'sending', wamid: null });
    await db().query(`UPDATE outbound_messages SET wamid = $2 WHERE id = $1`, [id, wamid]);
    expect(await sb.app.get(WebhooksService).applyParkedFor(sb.config.whatsapp.phoneNumberId, wamid)).toBe(2);
    const row = await outbound(db(), id);
    expect(row.state).toBe('delivered');
    expect((row.sent_at as Date).toISOString()).toBe(iso(T0));
    expect((row.delivered_at as Date).toISOString()).toBe(iso(T0 + 3));
    expect(await sb.app.get(WebhooksService).applyParkedFor(sb.config.whatsapp.phoneNumberId, wamid)).toBe(0);
  });

  it('parked statuses are retried periodically; those that never match become foreign, counted, not errors', async () => {
    await post([
      statusItem({ wamid: 'wamid.later-1', status: 'sent', timestamp: T0 }),
      statusItem({ wamid: 'wamid.foreign-1', status: 'sent', timestamp: T0 }),
    ]);
    await settle();
    const id = await insertOutbound(db(), { wamid: 'wamid.later-1' });
    await waitFor(async () => (await outbound(db(), id)).state === 'sent', { what: 'the periodic retry applies the parked status' });
    await waitFor(async () => (await count(db(), `SELECT 1 FROM message_status_events WHERE wamid = 'wamid.foreign-1' AND match_state = 'foreign'`)) === 1);
    await waitFor(async () => (await counter(db(), 'webhooks.foreign_status', 'sent')) >= 1, { what: 'the foreign status counted' });
    expect(await count(db(), `SELECT 1 FROM webhook_deliveries WHERE state <> 'processed'`)).toBe(0);
  });

  it('one POST with 1,000 statuses: 200, all applied once', async () => {
    const ids = await Promise.all(Array.from({ length: 250 }, () => insertOutbound(db())));
    const statuses = ids.flatMap((id) =>
      (['sent', 'delivered', 'read', 'delivered'] as const).map((status, i) => statusItem({ wamid: `wamid.${id}`, status, timestamp: T0 + i })),
    );
    expect(statuses).toHaveLength(1000);
    const body = envelope({ statuses });
    expect(Buffer.byteLength(body)).toBeGreaterThan(150_000);
    const started = Date.now();
    expect((await postWebhook(sb.url, body)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(() => allProcessed(db()), { timeoutMs: 45_000 });
    const states = await db().query(`SELECT state, count(*)::int AS n FROM outbound_messages WHERE id = ANY($1) GROUP BY state`, [ids]);
    expect(states).toEqual([{ state: 'read', n: 250 }]);
    expect(await count(db(), `SELECT 1 FROM message_status_events WHERE message_id = ANY($1)`, [ids])).toBe(750);
    const [delivery] = await db().query(`SELECT events_total, events_applied, events_duplicate FROM webhook_deliveries WHERE body = $1`, [Buffer.from(body)]);
    expect(delivery).toEqual({ events_total: 1000, events_applied: 750, events_duplicate: 250 });
  });

  it('the simulator with duplicates, shuffling and re-batching: each status applied once per message', async () => {
    sb.sim.setChaos({ seed: 7, duplicateProbability: 0.5, shuffle: true, rebatchProbability: 0.5 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      n += 1;
      const res = await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: `wh-chaos-${n}`, to: `+97250222${String(1000 + i)}` }))
        .expect(201);
      ids.push(res.body.message.id);
    }
    await waitFor(
      async () => (await db().query(`SELECT count(*)::int AS n FROM outbound_messages WHERE id = ANY($1) AND state = 'read'`, [ids]))[0].n === ids.length,
      { timeoutMs: 30_000 },
    );
    await sb.sim.idle();
    await settle();
    sb.sim.setChaos({});
    const perMessage = await db().query(
      `SELECT message_id, count(*)::int AS n, count(DISTINCT status)::int AS d FROM message_status_events WHERE message_id = ANY($1) GROUP BY message_id`,
      [ids],
    );
    expect(perMessage).toHaveLength(ids.length);
    for (const m of perMessage) expect(m).toMatchObject({ n: 3, d: 3 });
    const dupPosts = sb.sim.webhookDeliveries().filter((d) => d.kind === 'duplicate' || d.events.some((e) => e.resent));
    expect(dupPosts.length).toBeGreaterThan(0);
    await waitFor(async () => (await counter(db(), 'webhooks.duplicate_event', 'messages')) > 0, { what: 'duplicates counted' });
  });
});
