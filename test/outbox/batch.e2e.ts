import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

interface BatchResult {
  status: 'created' | 'deduplicated' | 'conflict' | 'invalid';
  message: { id: string; dedupe_key: string; campaign: string | null; state: string } | null;
  details: { field: string; message: string }[];
}

/** HH:MM in Israel (the recipients' time zone, from their +972 numbers), `minutes` from now. */
const jerusalemTime = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + minutes * 60_000),
  );

const recipient = (n: number) => `+97250${String(1_000_000 + n)}`;

/** A distinct order update per customer, the way an order system sends a day's shipments. */
const unique = (n: number, campaign = 'december-shipments') =>
  messageRequest({ dedupe_key: `batch-order-${n}:shipped`, to: recipient(n), trigger_ref: `orders/${n}`, payload: templatePayload(String(n)), campaign });

/** Ten ways to get one item wrong, each naming a different field. */
const INVALID: { item: Record<string, unknown>; field: string }[] = [
  { item: (({ dedupe_key: _omitted, ...rest }) => rest)(unique(9001)), field: 'dedupe_key' },
  { item: unique(9002, 'x'.repeat(101)), field: 'campaign' },
  { item: { ...unique(9003), to: 'call me maybe' }, field: 'to' },
  { item: { ...unique(9004), payload: { type: 'hologram', hologram: {} } }, field: 'payload.type' },
  { item: { ...unique(9005), payload: { type: 'text', text: { body: 'x'.repeat(5000) } } }, field: 'payload.text.body' },
  { item: { ...unique(9006), colour: 'blue' }, field: 'colour' },
  { item: { ...unique(9007), not_before: 'tomorrow' }, field: 'not_before' },
  { item: { ...unique(9008), purpose: 'order shipped' }, field: 'purpose' },
  { item: { ...unique(9009), priority: 5000 }, field: 'priority' },
  { item: { ...unique(9010), phone_number_id: 'main line' }, field: 'phone_number_id' },
];

describe('POST /v1/messages/batch: many messages, each judged on its own', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // 890 customers in one go: above the default 250-user messaging limit, which has its own test.
    // Marketing is in quiet hours for the next hour, wherever the clock stands (order updates are exempt).
    sb = await startSendbook({ app: { env: { MESSAGING_LIMIT: '2000', QUIET_HOURS: `marketing=${jerusalemTime(-60)}-${jerusalemTime(60)}` } } });
  });
  afterAll(() => sb.close());

  const batch = (messages: unknown[]) => sb.api().post('/v1/messages/batch').send({ messages });
  const count = async (sql: string, params: unknown[] = []) => ((await sb.dataSource.query(sql, params)) as { n: number }[])[0]!.n;

  it('1,000 items with 100 repeated keys and 10 invalid: 890 created, 100 deduplicated, 10 invalid by field, exactly 890 sends', async () => {
    // Every tenth item repeats the one before it; ten items are invalid; the rest are new.
    const items: { body: unknown; expect: 'created' | 'deduplicated' | 'invalid'; n?: number; field?: string }[] = [];
    let next = 0;
    for (let i = 0; i < 1000; i++) {
      if (i % 100 === 7) {
        const bad = INVALID[(i - 7) / 100]!;
        items.push({ body: bad.item, expect: 'invalid', field: bad.field });
      } else if (i % 10 === 5) {
        items.push({ body: unique(next - 1), expect: 'deduplicated', n: next - 1 });
      } else {
        items.push({ body: unique(next), expect: 'created', n: next });
        next++;
      }
    }
    expect(next).toBe(890);
    // More than a single request may carry (256 kB): the batch has its own body limit.
    expect(JSON.stringify({ messages: items.map((i) => i.body) }).length).toBeGreaterThan(256 * 1024);

    const res = await batch(items.map((i) => i.body)).expect(200);
    const results = res.body.results as BatchResult[];
    expect(results).toHaveLength(1000);
    expect(results.map((r) => r.status)).toEqual(items.map((i) => i.expect));

    const created = new Map<number, string>();
    items.forEach((item, i) => {
      const r = results[i]!;
      if (item.expect === 'created') {
        expect(r).toEqual({
          status: 'created',
          message: expect.objectContaining({ dedupe_key: `batch-order-${item.n}:shipped`, campaign: 'december-shipments', state: 'queued' }),
          details: [],
        });
        created.set(item.n!, r.message!.id);
      }
      if (item.expect === 'deduplicated')
        expect(r).toEqual({ status: 'deduplicated', message: expect.objectContaining({ id: created.get(item.n!) }), details: [] });
      if (item.expect === 'invalid') {
        expect(r.message).toBeNull();
        expect([...new Set(r.details.map((d) => d.field))]).toEqual([item.field]);
      }
    });

    // The same validator as a single enqueue: each invalid item alone is a 400 with the same details.
    for (const bad of INVALID) {
      const alone = await sb.api().post('/v1/messages').send(bad.item).expect(400);
      const inBatch = results[INVALID.indexOf(bad) * 100 + 7]!;
      expect(inBatch.details).toEqual(alone.body.details);
    }

    expect(await count(`SELECT count(*)::int AS n FROM outbound_messages`)).toBe(890);
    // The same side effects as single enqueues: an audit entry per row, the repeats counted as rejected duplicates.
    expect(
      await count(`SELECT count(*)::int AS n FROM outbound_message_events WHERE to_state = 'queued' AND from_state IS NULL AND actor = $1`, [
        await sb.keyActor(),
      ]),
    ).toBe(890);
    expect(await count(`SELECT COALESCE(SUM(count), 0)::int AS n FROM metric_counters WHERE metric = 'outbox.dedupe_rejected'`)).toBe(100);

    await waitFor(() => sb.sim.ledger().length >= 890, { what: '890 sends', timeoutMs: 150_000 });
    await waitFor(async () => (await count(`SELECT count(*)::int AS n FROM outbound_messages WHERE state IN ('queued', 'sending')`)) === 0, {
      what: 'every row past sending',
      timeoutMs: 30_000,
    });
    expect(sb.sim.ledger()).toHaveLength(890);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    expect(new Set(sb.sim.ledger().map((e) => e.bizOpaqueCallbackData))).toEqual(new Set(created.values()));

    // The campaign tag filters the list.
    const page = await sb.api().get('/v1/messages?campaign=december-shipments&limit=200').expect(200);
    expect(page.body.data).toHaveLength(200);
    expect(page.body.data.every((m: { campaign: string }) => m.campaign === 'december-shipments')).toBe(true);
    expect((await sb.api().get('/v1/messages?campaign=no-such-campaign').expect(200)).body.data).toEqual([]);
  }, 240_000);

  it('a key already taken with other content is a conflict, in the batch as against an earlier one; a non-object item is invalid', async () => {
    const [first] = (await batch([messageRequest({ dedupe_key: 'conflict-a', to: recipient(5001), payload: templatePayload('1') })]).expect(200)).body
      .results as BatchResult[];
    expect(first!.status).toBe('created');

    const res = await batch([
      messageRequest({ dedupe_key: 'conflict-a', to: recipient(5001), payload: templatePayload('2') }),
      messageRequest({ dedupe_key: 'conflict-a', to: recipient(5001), payload: templatePayload('1') }),
      messageRequest({ dedupe_key: 'conflict-b', to: recipient(5002), payload: templatePayload('1') }),
      'not a message',
      messageRequest({ dedupe_key: 'conflict-b', to: recipient(5003), payload: templatePayload('1') }),
    ]).expect(200);
    const [conflict, repeat, created, notObject, sameBatchConflict] = res.body.results as BatchResult[];
    expect(conflict).toEqual({
      status: 'conflict',
      message: expect.objectContaining({ id: first!.message!.id }),
      details: [{ field: 'dedupe_key', message: expect.stringMatching(/different content/) }],
    });
    expect(repeat).toEqual({ status: 'deduplicated', message: expect.objectContaining({ id: first!.message!.id }), details: [] });
    expect(created!.status).toBe('created');
    expect(notObject).toEqual({ status: 'invalid', message: null, details: [{ field: 'body', message: 'must be a JSON object' }] });
    expect(sameBatchConflict).toEqual({
      status: 'conflict',
      message: expect.objectContaining({ id: created!.message!.id }),
      details: [expect.objectContaining({ field: 'dedupe_key' })],
    });
    expect(await count(`SELECT count(*)::int AS n FROM outbound_messages WHERE dedupe_key LIKE 'conflict-%'`)).toBe(2);
  });

  it('an item PostgreSQL could not store (a NUL character) is invalid alone, naming its field, as a single enqueue refuses it', async () => {
    const nul = messageRequest({ dedupe_key: 'nul-1', to: recipient(6001), payload: { type: 'text', text: { body: 'half\u0000way' } } });
    const fine = messageRequest({ dedupe_key: 'nul-2', to: recipient(6002) });
    const res = await batch([nul, fine, { ...fine, dedupe_key: 'nul-3', trigger_ref: 'orders/\u0000' }]).expect(200);
    const [bad, good, badRef] = res.body.results as BatchResult[];
    expect(bad).toEqual({ status: 'invalid', message: null, details: [{ field: 'payload.text.body', message: expect.stringMatching(/NUL/) }] });
    expect(good!.status).toBe('created');
    expect(badRef).toEqual({ status: 'invalid', message: null, details: [{ field: 'trigger_ref', message: expect.stringMatching(/NUL/) }] });
    const alone = await sb.api().post('/v1/messages').send(nul).expect(400);
    expect(alone.body.details).toEqual(bad!.details);
  });

  it('a row PostgreSQL itself refuses fails alone: the others of the batch are stored', async () => {
    // A rule only the database knows, on this test's own database: as a constraint added by a later migration would be.
    await sb.dataSource.query(`ALTER TABLE outbound_messages ADD CONSTRAINT ck_test_blocked CHECK (trigger_ref IS DISTINCT FROM 'orders/blocked')`);
    try {
      const res = await batch([
        messageRequest({ dedupe_key: 'db-1', to: recipient(7001) }),
        messageRequest({ dedupe_key: 'db-2', to: recipient(7002), trigger_ref: 'orders/blocked' }),
        messageRequest({ dedupe_key: 'db-3', to: recipient(7003) }),
        messageRequest({ dedupe_key: 'db-1', to: recipient(7001) }),
      ]).expect(200);
      const results = res.body.results as BatchResult[];
      expect(results.map((r) => r.status)).toEqual(['created', 'invalid', 'created', 'deduplicated']);
      expect(results[1]!.details).toEqual([{ field: 'body', message: expect.stringMatching(/^could not be stored/) }]);
      // The database's own words (its constraint, its table) stay in the API's log.
      expect(JSON.stringify(res.body)).not.toMatch(/ck_test_blocked|outbound_messages|violates/);
      expect(await count(`SELECT count(*)::int AS n FROM outbound_messages WHERE dedupe_key LIKE 'db-%'`)).toBe(2);
    } finally {
      await sb.dataSource.query(`ALTER TABLE outbound_messages DROP CONSTRAINT ck_test_blocked`);
    }
  });

  it('streams through the same policy as single enqueues: quiet hours hold a marketing item, two items to one customer go 6 s apart', async () => {
    const res = await batch([
      messageRequest({ dedupe_key: 'policy-quiet', to: recipient(8001), purpose: 'marketing' }),
      messageRequest({ dedupe_key: 'policy-pair-1', to: recipient(8002) }),
      messageRequest({ dedupe_key: 'policy-pair-2', to: recipient(8002), payload: templatePayload('2') }),
    ]).expect(200);
    const [quiet, pairA, pairB] = (res.body.results as BatchResult[]).map((r) => r.message!.id);
    const sentAt = (id: string) => sb.sim.ledger({ bizOpaqueCallbackData: id })[0]?.acceptedAt;
    await waitFor(() => sentAt(pairA!) !== undefined && sentAt(pairB!) !== undefined, { what: 'both items to one customer', timeoutMs: 30_000 });
    expect(Math.abs(sentAt(pairA!)! - sentAt(pairB!)!)).toBeGreaterThanOrEqual(5_900);

    const message = async () => (await sb.api().get(`/v1/messages/${quiet}`).expect(200)).body.message;
    await waitFor(async () => (await message()).waiting?.reason === 'quiet_hours', { what: 'the marketing item to wait for the end of quiet hours' });
    expect(await message()).toMatchObject({ state: 'queued', attempts: 0 });
    expect(new Date((await message()).not_before).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(sb.sim.ledger({ bizOpaqueCallbackData: quiet! })).toEqual([]);
  }, 120_000);

  it('refuses a batch of 1,001, an empty one and one without messages, naming `messages`, and stores nothing', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM outbound_messages`);
    const tooMany = await batch(Array.from({ length: 1001 }, (_, i) => unique(20_000 + i))).expect(400);
    expect(tooMany.body).toMatchObject({ error: 'validation_failed', details: [{ field: 'messages', message: expect.stringMatching(/1000/) }] });
    const empty = await batch([]).expect(400);
    expect(empty.body.details).toEqual([{ field: 'messages', message: expect.stringMatching(/at least 1/) }]);
    const missing = await sb.api().post('/v1/messages/batch').send({}).expect(400);
    expect(missing.body.details.map((d: { field: string }) => d.field)).toContain('messages');
    expect(await count(`SELECT count(*)::int AS n FROM outbound_messages`)).toBe(before);
  });
});
