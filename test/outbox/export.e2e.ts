import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { inbound, sendTo } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { createStaff, signIn } from '../support/staff.js';
import { startTestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { expectedCsvField, exportText, jsonLines, parseCsv, SEEDED_PRICING, seedOutbound } from './export-support.js';

const ADMIN = { authorization: `Bearer ${TEST_SECRETS.apiKey}` };

describe('exports: every message of a period, streamed, resumable', () => {
  let sb: Sendbook;
  const get = (path: string, headers: Record<string, string> = ADMIN) => exportText(`${sb.url}${path}`, headers);
  const period = (since: string, until: string, more = '') => `since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}${more}`;

  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb?.close());

  it('a message with its final state, timestamps, pricing from its statuses and the reply attributed to it; the same in CSV', async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    // A utility template outside the window: Meta prices it (billable, regular); the customer taps a quick reply.
    const waId = '972501110001';
    const sent = await sendTo(sb, waId, templatePayload('501'), 'order_shipped');
    await waitFor(async () => (await sb.api().get(`/v1/messages/${sent.id}`)).body.message.state === 'read', { what: 'the template read' });
    const tapped = await inbound(sb, sb.sim.customer(waId).replyButton(sent.wamid, 'track', 'Track it'));
    await waitFor(async () => (await sb.api().get(`/v1/messages/${sent.id}`)).body.message.replies.length === 1, { what: 'the reply attributed' });
    // One due tomorrow: queued, never priced, waiting for its time.
    const later = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'export-later', to: '+972501110002', not_before: new Date(Date.now() + 86_400_000).toISOString() }))
        .expect(201)
    ).body.message.id as string;
    await sb.sim.idle();
    const until = new Date(Date.now() + 1_000).toISOString();

    const rest = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message as Record<string, unknown>;
    const jsonl = await get(`/v1/messages/export?${period(since, until)}`);
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(jsonl.headers.get('content-disposition')).toMatch(/^attachment; filename="messages-\d{8}T\d{6}Z-\d{8}T\d{6}Z\.jsonl"$/);
    expect(jsonl.headers.get('cache-control')).toBe('no-store');
    expect(jsonl.headers.get('x-request-id')).toEqual(expect.any(String));
    const lines = jsonLines(jsonl.text);
    expect(lines.map((l) => l.id)).toEqual([sent.id, later]);
    const [first, second] = lines as [Record<string, unknown>, Record<string, unknown>];
    // The REST resource exactly, plus pricing and the cursor.
    expect(first).toEqual({
      ...(await rest(sent.id)),
      pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
      cursor: expect.stringMatching(/^W[A-Za-z0-9_-]+$/),
    });
    expect(first).toMatchObject({ state: 'read', replies: [tapped.id], purpose: 'order_shipped', wamid: sent.wamid });
    for (const at of ['created_at', 'accepted_at', 'sent_at', 'delivered_at', 'read_at']) expect(first[at]).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(second).toEqual({ ...(await rest(later)), pricing: null, cursor: expect.any(String) });
    expect(second).toMatchObject({ state: 'queued', sent_at: null, waiting: { reason: 'scheduled' }, replies: [] });

    // The inbound side: the reply, and the message it answers.
    const inboundLines = jsonLines((await get(`/v1/inbound/export?${period(since, until)}`)).text);
    expect(inboundLines).toEqual([{ ...((await sb.api().get(`/v1/inbound/${tapped.id}`).expect(200)).body.inbound as object), cursor: expect.any(String) }]);
    expect(inboundLines[0]).toMatchObject({ message_id: sent.id, attribution: 'message', choice: { id: 'track', title: 'Track it' } });

    // CSV: a header naming the fields in the JSON lines' order, each field as the docs say.
    const csv = await get(`/v1/messages/export?${period(since, until, '&format=csv')}`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/filename="messages-.*\.csv"$/);
    const [header, ...records] = parseCsv(csv.text);
    expect(header).toEqual(Object.keys(first));
    expect(records).toEqual(lines.map((line) => header!.map((column) => expectedCsvField(line[column]))));
    const field = (record: string[], name: string) => record[header!.indexOf(name)]!;
    expect(field(records[0]!, 'to')).toBe(`'+${waId}`);
    expect(field(records[0]!, 'state')).toBe('read');
    expect(field(records[0]!, 'read_at')).toBe(first.read_at);
    expect(JSON.parse(field(records[0]!, 'pricing'))).toEqual(first.pricing);
    expect(JSON.parse(field(records[0]!, 'replies'))).toEqual([tapped.id]);
    expect(JSON.parse(field(records[0]!, 'payload'))).toEqual(first.payload);
    expect(field(records[0]!, 'cursor')).toBe(first.cursor);
    expect(field(records[1]!, 'sent_at')).toBe('');
  });

  it('CSV quotes what needs it and keeps formulas from running (RFC 4180, OWASP)', async () => {
    const since = '2025-02-01T00:00:00Z';
    const id = randomUUID();
    await sb.dataSource.query(
      `INSERT INTO outbound_messages (id, dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, phone_number_id, state, created_at, not_before, updated_at, retain_until)
       VALUES ($1, '=HYPERLINK("http://evil.example","x")', '+972501110003', '972501110003', '@SUM(A1)', $2, $3, 'h', $4, 'cancelled', $5, $5, $5, now() + interval '1 day')`,
      [id, 'line 1\r\nline 2, "quoted"', { type: 'text', text: { body: '-1+2' } }, TEST_SECRETS.phoneNumberId, '2025-02-01T12:00:00Z'],
    );
    const csv = await get(`/v1/messages/export?${period(since, '2025-02-02T00:00:00Z', '&format=csv')}`);
    expect(csv.text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    const [header, record] = parseCsv(csv.text) as [string[], string[]];
    const field = (name: string) => record[header.indexOf(name)];
    expect(field('id')).toBe(id);
    expect(field('dedupe_key')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(field('purpose')).toBe(`'@SUM(A1)`);
    expect(field('trigger_ref')).toBe('line 1\r\nline 2, "quoted"');
    expect(JSON.parse(field('payload')!)).toEqual({ type: 'text', text: { body: '-1+2' } });
    expect(field('priority')).toBe('0');
  });

  it('a cursor continues after its row: exactly the rest, to the microsecond, in both formats; an export cut short resumes from its last line', async () => {
    // Three rows per microsecond, a microsecond apart: milliseconds could not tell them apart.
    const [since, until] = ['2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z'];
    await seedOutbound(sb.dataSource, { count: 2_500, prefix: 'resume-', from: new Date(since), stepUs: 1, sameTime: 3, pricedEvery: 7 });
    const inDb = (
      await sb.dataSource.query(`SELECT id FROM outbound_messages WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at, id`, [since, until])
    ).map((r: { id: string }) => r.id);
    expect(inDb).toHaveLength(2_500);

    const all = jsonLines((await get(`/v1/messages/export?${period(since, until)}`)).text);
    expect(all.map((l) => l.id)).toEqual(inDb);
    // Priced where a status carried pricing (one in seven), null elsewhere.
    for (const line of all) expect(line.pricing).toEqual(Number(String(line.dedupe_key).slice('resume-'.length)) % 7 === 0 ? SEEDED_PRICING : null);
    for (const at of [0, 1_233, 1_234, 1_235, 2_498]) {
      const rest = jsonLines((await get(`/v1/messages/export?${period(since, until, `&cursor=${all[at]!.cursor}`)}`)).text);
      expect(rest.map((l) => l.id)).toEqual(inDb.slice(at + 1));
      expect(rest).toEqual(all.slice(at + 1));
    }
    const none = await get(`/v1/messages/export?${period(since, until, `&cursor=${all[2_499]!.cursor}`)}`);
    expect(none).toMatchObject({ status: 200, text: '' });
    const csvRest = parseCsv((await get(`/v1/messages/export?${period(since, until, `&format=csv&cursor=${all[999]!.cursor}`)}`)).text);
    expect(csvRest[0]).toEqual(Object.keys(all[0]!));
    expect(csvRest.slice(1).map((r) => r[0])).toEqual(inDb.slice(1_000));

    // Cut short: the client hangs up after some bytes; the last complete line's cursor resumes it.
    const abort = new AbortController();
    const res = await fetch(`${sb.url}/v1/messages/export?${period(since, until)}`, { headers: ADMIN, signal: abort.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (text.length < 300_000) text += Buffer.from((await reader.read()).value!).toString('utf8');
    abort.abort();
    const complete = jsonLines(text.slice(0, text.lastIndexOf('\n') + 1));
    expect(complete.length).toBeGreaterThan(0);
    expect(complete.length).toBeLessThan(2_500);
    const resumed = jsonLines((await get(`/v1/messages/export?${period(since, until, `&cursor=${complete[complete.length - 1]!.cursor}`)}`)).text);
    expect([...complete, ...resumed].map((l) => l.id)).toEqual(inDb);

    // The inbound export pages the same way.
    await sb.dataSource.query(
      `INSERT INTO inbound_messages (phone_number_id, wamid, from_wa_id, type, text, "timestamp", raw, delivery_id, created_at)
       SELECT $1, 'wamid.RESUME' || g, '972501110004', 'text', 'message ' || g, $2::timestamptz, '{}'::jsonb, gen_random_uuid(), $2::timestamptz + (g / 2) * interval '1 microsecond'
         FROM generate_series(1, 25) g`,
      [TEST_SECRETS.phoneNumberId, since],
    );
    const inbounds = jsonLines((await get(`/v1/inbound/export?${period(since, until)}`)).text);
    expect(inbounds.map((l) => l.text)).toHaveLength(25);
    const afterTen = jsonLines((await get(`/v1/inbound/export?${period(since, until, `&cursor=${inbounds[9]!.cursor}`)}`)).text);
    expect(afterTen).toEqual(inbounds.slice(10));
  });

  it('writes during an export break nothing: no row twice, none skipped ahead of it, each as its page found it', async () => {
    const since = '2025-04-01T00:00:00Z';
    const until = new Date(Date.now() + 3_600_000).toISOString();
    // More than the sockets and the client's buffers hold, so the export is mid-way while the writes happen.
    await seedOutbound(sb.dataSource, { count: 30_000, prefix: 'busy-', from: new Date('2025-04-01T00:00:01Z') });
    const before = (await sb.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE created_at >= $1 AND created_at < $2`, [since, until]))[0]
      .n as number;

    const res = await fetch(`${sb.url}/v1/messages/export?${period(since, until)}`, { headers: ADMIN });
    const reader = res.body!.getReader();
    let text = Buffer.from((await reader.read()).value!).toString('utf8');

    // Meanwhile: new messages (created now, ahead of the export), rows committed behind its position
    // (created_at in the part already written: the documented limit), and the last seeded rows read.
    const batch = await sb
      .api()
      .post('/v1/messages/batch')
      .send({ messages: Array.from({ length: 20 }, (_, i) => messageRequest({ dedupe_key: `busy-live-${i}`, to: `+97250222${String(i).padStart(4, '0')}` })) })
      .expect(200);
    const live = batch.body.results.map((r: { message: { id: string } }) => r.message.id) as string[];
    const behind = (
      await sb.dataSource.query(
        `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, phone_number_id, state, created_at, not_before, updated_at, retain_until)
         SELECT 'busy-behind-' || g, '+972501110005', '972501110005', 'late', '{"type":"text","text":{"body":"late"}}', 'h', $1, 'cancelled', $2, $2, $2, now() + interval '1 day'
           FROM generate_series(1, 5) g RETURNING id`,
        [TEST_SECRETS.phoneNumberId, '2025-04-01T00:00:00.5Z'],
      )
    ).map((r: { id: string }) => r.id);
    const [updated] = await sb.dataSource.query(
      `UPDATE outbound_messages SET state = 'read', read_at = created_at + interval '9 seconds'
        WHERE dedupe_key ~ '^busy-[0-9]+$' AND substr(dedupe_key, 6)::int > 29900 AND state <> 'failed' RETURNING id`,
    );
    const readLater = (updated as { id: string }[]).map((r) => r.id);

    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += Buffer.from(chunk.value).toString('utf8');
    }
    const lines = jsonLines(text);
    const ids = lines.map((l) => l.id as string);
    expect(new Set(ids).size).toBe(ids.length);
    // In (created_at, id) order, as the database orders the same rows.
    const ordered = (await sb.dataSource.query(`SELECT id FROM outbound_messages WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`, [ids])).map(
      (r: { id: string }) => r.id,
    );
    expect(ids).toEqual(ordered);
    // Every row there was when it began, and every row committed ahead of it; none committed behind.
    expect(ids.length).toBe(before + live.length);
    expect(ids).toEqual(expect.arrayContaining(live));
    expect(ids.filter((id) => behind.includes(id))).toEqual([]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    expect(readLater).toHaveLength(75);
    for (const id of readLater) expect(byId.get(id)).toMatchObject({ state: 'read', read_at: expect.any(String) });
  });

  it('names the field of a bad request', async () => {
    const details = async (query: string, path = '/v1/messages/export') => {
      const res = await get(`${path}?${query}`);
      expect(res.status).toBe(400);
      return (JSON.parse(res.text) as { error: string; details: { field: string }[] }).details.map((d) => d.field);
    };
    const ok = period('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z');
    expect(await details('until=2025-01-02T00:00:00Z')).toEqual(['since']);
    expect(await details('since=2025-01-01T00:00:00Z')).toEqual(['until']);
    expect(await details(period('yesterday', '2025-01-02T00:00:00Z'))).toEqual(['since']);
    expect(await details(period('2025-01-01T00:00:00', '2025-01-02T00:00:00Z'))).toEqual(['since']);
    expect(await details(period('2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z'))).toEqual(['until']);
    expect(await details(period('2025-01-02T00:00:00Z', '2025-01-01T00:00:00+02:00'))).toEqual(['until']);
    expect(await details(`${ok}&format=xlsx`)).toEqual(['format']);
    expect(await details(`${ok}&cursor=nonsense`)).toEqual(['cursor']);
    expect(await details(`${ok}&limit=5`)).toEqual(['limit']);
    // A cursor of the messages export is not one of the inbound export.
    const line = jsonLines((await get(`/v1/messages/export?${period('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')}`)).text)[0]!;
    expect(await details(`${ok}&cursor=${line.cursor}`, '/v1/inbound/export')).toEqual(['cursor']);
  });

  it('HEAD answers the headers alone', async () => {
    const res = await fetch(`${sb.url}/v1/messages/export?${period('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z', '&format=csv')}`, {
      method: 'HEAD',
      headers: ADMIN,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="messages-20250301T000000Z-20250302T000000Z.csv"');
    expect(await res.text()).toBe('');
  });

  it('who may export: as who may list; a send-only key gets its integration’s messages and no inbound', async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    const key = (
      await sb
        .api()
        .post('/v1/api-keys')
        .send({ name: 'shop', integration: 'shop', scopes: ['send'] })
        .expect(201)
    ).body.key as string;
    const own = (
      await request(sb.url)
        .post('/v1/messages')
        .set('Authorization', `Bearer ${key}`)
        .send(messageRequest({ dedupe_key: 'export-shop-1', to: '+972501110006' }))
        .expect(201)
    ).body.message.id as string;
    const other = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'export-admin-1', to: '+972501110007' }))
        .expect(201)
    ).body.message.id as string;
    const until = new Date(Date.now() + 1_000).toISOString();
    const q = period(since, until);

    const ids = async (path: string, headers: Record<string, string>) => {
      const res = await get(path, headers);
      expect(res.status).toBe(200);
      return jsonLines(res.text).map((l) => l.id);
    };
    expect(await ids(`/v1/messages/export?${q}`, { authorization: `Bearer ${key}` })).toEqual([own]);
    expect(await ids(`/v1/messages/export?${q}`, ADMIN)).toEqual(expect.arrayContaining([own, other]));
    expect((await get(`/v1/inbound/export?${q}`, { authorization: `Bearer ${key}` })).status).toBe(403);

    const agent = await signIn(sb, await createStaff(sb, 'agent'));
    const session = { cookie: agent, origin: sb.url };
    expect(await ids(`/v1/messages/export?${q}`, session)).toEqual(expect.arrayContaining([own, other]));
    expect((await get(`/v1/inbound/export?${q}`, session)).status).toBe(200);

    expect((await get(`/v1/messages/export?${q}`, {})).status).toBe(401);
    expect((await get(`/v1/inbound/export?${q}`, {})).status).toBe(401);
  });
});

describe('an export running when the API closes', () => {
  it('is cut, not waited for and never ended as if complete; what arrived resumes from its last line', async () => {
    const app = await startTestApp();
    try {
      const [since, until] = ['2025-05-01T00:00:00Z', '2025-05-02T00:00:00Z'];
      await seedOutbound(app.dataSource, { count: 30_000, prefix: 'closing-', from: new Date(since), light: true });
      const res = await fetch(`${app.url}/v1/messages/export?since=${since}&until=${until}`, { headers: ADMIN });
      const reader = res.body!.getReader();
      let text = Buffer.from((await reader.read()).value!).toString('utf8');
      const closing = app.app.close();
      const ending = (async () => {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return 'ended as if complete';
          text += Buffer.from(chunk.value).toString('utf8');
        }
      })();
      await expect(ending).rejects.toThrow();
      await closing;
      const complete = jsonLines(text.slice(0, text.lastIndexOf('\n') + 1));
      expect(complete.length).toBeLessThan(30_000);
      expect(complete[complete.length - 1]!.cursor).toEqual(expect.any(String));
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
