import { waitFor } from '../support/wait-for.js';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';

describe('POST /v1/messages: one business event, one message', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  it('50 concurrent identical POSTs make one row and one send; 49 are counted as rejected duplicates', async () => {
    const body = messageRequest({ dedupe_key: 'order-1:shipped:972501234567' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => sb.api().post('/v1/messages').send(body)));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const repeats = answers.filter((a) => a.status === 200);
    expect(repeats).toHaveLength(49);
    expect(repeats.every((a) => a.body.deduplicated === true)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.message.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];

    const rows = await sb.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE dedupe_key = $1`, [body.dedupe_key]);
    expect(rows[0].n).toBe(1);
    await waitFor(async () => (await sb.api().get(`/v1/messages/${id}`)).body.message.state !== 'queued' && sb.sim.ledger().length > 0);
    await waitFor(async () => ['accepted', 'sent', 'delivered', 'read'].includes((await sb.api().get(`/v1/messages/${id}`)).body.message.state));
    expect(sb.sim.ledgerCountByCallbackData()[id]).toBe(1);

    const counted = await sb.dataSource.query(`SELECT label, SUM(count)::int AS n FROM metric_counters WHERE metric = 'outbox.dedupe_rejected' GROUP BY label`);
    expect(counted).toEqual([{ label: 'order_shipped', n: 49 }]);
  });

  it('the same key with different content is a 409 conflict, and nothing more is sent', async () => {
    const first = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-2:shipped:972501234567', payload: templatePayload('2') }))
      .expect(201);
    const conflict = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-2:shipped:972501234567', payload: templatePayload('3') }))
      .expect(409);
    expect(conflict.body).toMatchObject({ error: 'dedupe_key_conflict', message: { id: first.body.message.id, dedupe_key: 'order-2:shipped:972501234567' } });
    await waitFor(() => sb.sim.ledgerCountByCallbackData()[first.body.message.id] === 1);
    expect(sb.sim.ledger().filter((e) => JSON.stringify(e.body).includes('"3"'))).toHaveLength(0);
  });

  it('answers with the public message resource', async () => {
    const created = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'order-3:shipped:972501234567', to: '+972 50-123-4567', priority: 5 }))
      .expect(201);
    expect(created.body).toEqual({
      deduplicated: false,
      message: expect.objectContaining({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        dedupe_key: 'order-3:shipped:972501234567',
        to: '+972501234567',
        purpose: 'order_shipped',
        trigger_ref: 'orders/44812',
        priority: 5,
        phone_number_id: sb.config.whatsapp.phoneNumberId,
        state: 'queued',
        attempts: 0,
        wamid: null,
        last_error: null,
        replies: [],
      }),
    });
    const listed = await sb.api().get('/v1/messages?trigger_ref=orders/44812&limit=2').expect(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.next_cursor).toEqual(expect.any(String));
    const next = await sb.api().get(`/v1/messages?trigger_ref=orders/44812&limit=2&cursor=${listed.body.next_cursor}`).expect(200);
    expect(next.body.data.map((m: { id: string }) => m.id)).not.toContain(listed.body.data[0].id);
  });
});
