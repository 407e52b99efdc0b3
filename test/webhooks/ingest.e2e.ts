import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed, count, counter, envelope, postWebhook, textMessage } from './webhook-support.js';

const FIXTURES = path.resolve('libs/whatsapp/fixtures');

describe('webhook endpoint: raw body first, signature before anything, 200 only once stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_SWEEP_INTERVAL_MS: '500', METRICS_FLUSH_INTERVAL_MS: '200' } });
  });
  afterAll(() => t.close());

  const deliveries = () => count(t.dataSource, `SELECT 1 FROM webhook_deliveries`);

  it('GET handshake: the challenge back exactly when the verify token matches, else 403', async () => {
    const ok = await fetch(`${t.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${TEST_SECRETS.verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${t.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('1158201444');
    expect((await fetch(`${t.url}/webhooks/whatsapp?hub.verify_token=${TEST_SECRETS.verifyToken}&hub.challenge=1`)).status).toBe(403);
  });

  it('wrong signature, no signature, and a signature over a re-serialised non-ASCII body: 401, nothing stored, counted', async () => {
    const before = await deliveries();
    // What Meta sends: non-ASCII escaped as \uXXXX, signed over exactly these bytes.
    const metaBytes = envelope({ messages: [textMessage('wamid.sig-1', 'Grüße äöå 👋')] }).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const reserialised = JSON.stringify(JSON.parse(metaBytes));
    expect(reserialised).not.toBe(metaBytes);
    const { signBody } = await import('@sendbook/whatsapp');
    const cases = [
      postWebhook(t.url, metaBytes, { signature: signBody(metaBytes, 'not-the-app-secret') }),
      postWebhook(t.url, metaBytes, { signature: null }),
      postWebhook(t.url, metaBytes, { signature: 'sha256=zz' }),
      // The classic bug: verifying a re-serialisation. Here the body is the re-serialised one and
      // the signature is over Meta's bytes; nothing matches.
      postWebhook(t.url, reserialised, { signature: signBody(metaBytes, TEST_SECRETS.appSecret) }),
    ];
    expect((await Promise.all(cases)).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(await deliveries()).toBe(before);
    // Counted in memory, written with the next flush of the figures (not a write per rejection).
    await waitFor(
      async () =>
        (await counter(t.dataSource, 'webhooks.signature_rejected', 'invalid')) === 3 &&
        (await counter(t.dataSource, 'webhooks.signature_rejected', 'missing')) === 1,
      { what: 'the rejections counted' },
    );

    // The same bytes, correctly signed, are stored exactly as received.
    const good = await postWebhook(t.url, metaBytes);
    expect(good.status).toBe(200);
    const stored = await t.dataSource.query(`SELECT body, headers, received_at FROM webhook_deliveries ORDER BY received_at DESC LIMIT 1`);
    expect(Buffer.compare(stored[0].body, Buffer.from(metaBytes))).toBe(0);
    expect(stored[0].headers['x-hub-signature-256']).toBe(signBody(metaBytes, TEST_SECRETS.appSecret));
    await waitFor(async () => (await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = 'wamid.sig-1'`)) === 1);
    const [inbound] = await t.dataSource.query(`SELECT text FROM inbound_messages WHERE wamid = 'wamid.sig-1'`);
    expect(inbound.text).toBe('Grüße äöå 👋');
  });

  it('the same POST twice: two deliveries stored, the effects once, the duplicate counted per field', async () => {
    const body = envelope({ contacts: [{ profile: { name: 'Sheena' }, wa_id: '16505551234' }], messages: [textMessage('wamid.twice-1', 'hello twice')] });
    const before = await counter(t.dataSource, 'webhooks.duplicate_event', 'messages');
    expect((await postWebhook(t.url, body)).status).toBe(200);
    expect((await postWebhook(t.url, body)).status).toBe(200);
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_deliveries WHERE body = $1`, [Buffer.from(body)])).toBe(2);
    await waitFor(() => allProcessed(t.dataSource));
    expect(await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = 'wamid.twice-1'`)).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key = $1`, [`msg:${TEST_SECRETS.phoneNumberId}:wamid.twice-1`])).toBe(1);
    // Counted in memory and written with the process's other counts (every METRICS_FLUSH_INTERVAL_MS).
    await waitFor(async () => (await counter(t.dataSource, 'webhooks.duplicate_event', 'messages')) === before + 1, { what: 'the duplicate counted' });
    const [row] = await t.dataSource.query(`SELECT from_wa_id, contact_name, type, text, timestamp FROM inbound_messages WHERE wamid = 'wamid.twice-1'`);
    expect(row).toMatchObject({ from_wa_id: '16505551234', contact_name: 'Sheena', type: 'text', text: 'hello twice' });
    expect(new Date(row.timestamp).toISOString()).toBe('2025-06-30T01:39:08.000Z');
  });

  it('the same event inside two differently batched POSTs, and twice inside one POST: applied once', async () => {
    const a = textMessage('wamid.batch-a', 'a');
    const b = textMessage('wamid.batch-b', 'b');
    const c = textMessage('wamid.batch-c', 'c');
    expect((await postWebhook(t.url, envelope({ messages: [a, b] }))).status).toBe(200);
    expect((await postWebhook(t.url, envelope({ messages: [c, b, b] }))).status).toBe(200);
    await waitFor(() => allProcessed(t.dataSource));
    expect(await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid LIKE 'wamid.batch-%'`)).toBe(3);
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key LIKE 'msg:%:wamid.batch-%'`)).toBe(3);
  });

  it('every real payload envelope in libs/whatsapp/fixtures, validly signed: stored and processed, no error', async () => {
    const envelopes = readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ name: f, bytes: readFileSync(path.join(FIXTURES, f)) }))
      .filter(({ bytes }) => Array.isArray(JSON.parse(bytes.toString('utf8')).entry));
    expect(envelopes.length).toBeGreaterThan(40);
    const statuses = await Promise.all(envelopes.map(async ({ bytes }) => (await postWebhook(t.url, bytes)).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await waitFor(() => allProcessed(t.dataSource), { what: 'every fixture delivery processed' });
    const bad = await t.dataSource.query(`SELECT id, state, last_error FROM webhook_deliveries WHERE state <> 'processed' OR last_error IS NOT NULL`);
    expect(bad).toEqual([]);
    // Every event of every fixture was claimed, and landed where its kind belongs.
    const { parseWebhook } = await import('@sendbook/whatsapp');
    const events = envelopes.flatMap(({ bytes }) => {
      const parsed = parseWebhook(bytes);
      if (!parsed.ok) throw new Error('fixture does not parse');
      return parsed.events;
    });
    const keys = [...new Set(events.map((e) => e.key))];
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key = ANY($1)`, [keys])).toBe(keys.length);
    const inboundKeys = new Set(events.filter((e) => e.kind === 'message').map((e) => `${e.phoneNumberId ?? ''}|${e.key.slice(e.key.lastIndexOf(':') + 1)}`));
    expect(await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE phone_number_id || '|' || wamid = ANY($1)`, [[...inboundKeys]])).toBe(
      inboundKeys.size,
    );
    const statusKeys = [...new Set(events.filter((e) => e.kind === 'status').map((e) => e.key))];
    expect(statusKeys.length).toBeGreaterThanOrEqual(5);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE event_key = ANY($1)`, [statusKeys])).toBe(statusKeys.length);
    const fields = (await t.dataSource.query(`SELECT DISTINCT field FROM webhook_field_events`)).map((r: { field: string }) => r.field);
    expect(fields).toEqual(
      expect.arrayContaining(['message_template_status_update', 'account_update', 'phone_number_quality_update', 'user_preferences', 'messages']),
    );
  });

  it('a validly signed body we cannot parse: kept, marked poison, listed as a work item, not retried', async () => {
    const garbage = '{"object":"whatsapp_business_account","entry": [ this is not json';
    expect((await postWebhook(t.url, garbage)).status).toBe(200);
    expect((await postWebhook(t.url, '{"hello":"world"}')).status).toBe(200);
    await waitFor(async () => (await count(t.dataSource, `SELECT 1 FROM webhook_deliveries WHERE state = 'poison'`)) === 2);
    const res = await fetch(`${t.url}/v1/work-items?kind=poison_webhook`, { headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}` } });
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { data: { last_error: { code: string } }[] }).data;
    expect(items).toHaveLength(2);
    expect(items.map((i: { last_error: { code: string } }) => i.last_error.code).sort()).toEqual(['invalid_json', 'not_an_envelope']);
    expect(items[0]).toMatchObject({ kind: 'poison_webhook', attempts: 1, actions: ['replay', 'dismiss'] });
    // Sweeps come and go; a poison delivery is not picked up again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const attempts = await t.dataSource.query(`SELECT attempts FROM webhook_deliveries WHERE state = 'poison'`);
    expect(attempts.map((a: { attempts: number }) => a.attempts)).toEqual([1, 1]);
    expect(await counter(t.dataSource, 'webhooks.poison')).toBe(2);
  });

  it('a body over the limit is refused before anything is stored', async () => {
    const before = await deliveries();
    const huge = Buffer.alloc(t.config.webhooks.bodyLimitBytes + 1, 0x20);
    const res = await postWebhook(t.url, huge);
    expect(res.status).toBe(413);
    expect(await deliveries()).toBe(before);
  });
});
