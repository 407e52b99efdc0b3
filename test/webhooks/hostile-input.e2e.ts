import net from 'node:net';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { count, counter } from './webhook-support.js';

/**
 * Sends the request head only (the body it announces never comes) and returns what the server
 * answered and whether it closed the connection, or null if it said nothing within `waitMs`.
 */
function headOnly(url: string, head: string, waitMs = 3_000): Promise<{ status: number; closed: boolean } | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text ? { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), closed } : null);
    }, waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve(text ? { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), closed } : null);
    });
    socket.write(head);
  });
}

const webhookHead = (headers: Record<string, string>) =>
  `POST /webhooks/whatsapp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('hostile input at the edge: refused early, cheaply and plainly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_FLUSH_INTERVAL_MS: '200' } });
  });
  afterAll(() => t.close());

  it('an unsigned or malformed-signature POST is refused before its body is read, and counted', async () => {
    const before = await count(t.dataSource, `SELECT 1 FROM webhook_deliveries`);
    // 1 MB announced, not one byte of it sent: only an answer that did not wait for the body comes back.
    expect(await headOnly(t.url, webhookHead({ 'Content-Length': '1000000' }))).toEqual({ status: 401, closed: true });
    expect(await headOnly(t.url, webhookHead({ 'Content-Length': '1000000', 'X-Hub-Signature-256': 'sha256=zz' }))).toEqual({ status: 401, closed: true });
    expect(await headOnly(t.url, webhookHead({ 'Content-Length': '1000000', 'X-Hub-Signature-256': 'md5=0123' }))).toEqual({ status: 401, closed: true });
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_deliveries`)).toBe(before);
    await waitFor(
      async () =>
        (await counter(t.dataSource, 'webhooks.signature_rejected', 'missing')) === 1 &&
        (await counter(t.dataSource, 'webhooks.signature_rejected', 'invalid')) === 2,
      { what: 'the rejections counted' },
    );
  });

  it('a body over the limit is a 413 that closes the connection', async () => {
    const signature = `sha256=${'0'.repeat(64)}`;
    expect(await headOnly(t.url, webhookHead({ 'Content-Length': String(64 * 1024 * 1024), 'X-Hub-Signature-256': signature }))).toEqual({
      status: 413,
      closed: true,
    });
  });

  it('the verify handshake echoes only a short plain challenge, as text/plain, not sniffable', async () => {
    const ok = await request(t.url)
      .get('/webhooks/whatsapp')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': TEST_SECRETS.verifyToken, 'hub.challenge': '1158201444' })
      .expect(200);
    expect(ok.text).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    for (const challenge of ['<script>alert(1)</script>', 'x'.repeat(129)]) {
      const refused = await request(t.url)
        .get('/webhooks/whatsapp')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': TEST_SECRETS.verifyToken, 'hub.challenge': challenge })
        .expect(403);
      expect(refused.text).not.toContain(challenge);
    }
    // Same length, wrong token: refused as well (compared as digests, in constant time).
    await request(t.url)
      .get('/webhooks/whatsapp')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': TEST_SECRETS.verifyToken.replace(/.$/, '#'), 'hub.challenge': '1' })
      .expect(403);
  });

  it('JSON nested deeper than 32 levels is a 400 naming the body, not a 500', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await request(t.url)
      .post('/v1/messages')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .set('content-type', 'application/json')
      .send(deep);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: [{ field: 'body', message: expect.stringContaining('32 levels') }] });
    const fine = { ...JSON.parse('{"a":' + '{"b":'.repeat(20) + '1' + '}'.repeat(20) + '}') };
    await request(t.url)
      .post('/v1/messages')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .send(fine)
      .expect(400)
      .expect((r) => expect(r.body.details.some((d: { field: string }) => d.field === 'body')).toBe(false));
  });

  it('a body that is not JSON is a 400 naming the body; an empty one is no body, refused field by field', async () => {
    const broken = await request(t.url)
      .post('/v1/messages')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .set('content-type', 'application/json')
      .send('{"to": "+972501234567",');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      error: 'validation_failed',
      message: 'request body is not valid JSON',
      details: [{ field: 'body', message: 'not valid JSON' }],
    });
    const empty = await request(t.url)
      .post('/v1/messages')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .set('content-type', 'application/json')
      .send('');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation_failed');
    expect(empty.body.details.map((d: { field: string }) => d.field)).toContain('dedupe_key');
  });

  it('a form or plain text where JSON belongs is a 400 naming the body and the type it came as, not read as JSON', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await request(t.url)
        .post('/v1/messages')
        .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
        .set('content-type', type)
        .send('dedupe_key=order-1');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'validation_failed',
        message: 'request body is not valid JSON',
        details: [{ field: 'body', message: `not JSON (Content-Type: ${type}): send application/json` }],
      });
    }
  });
});
