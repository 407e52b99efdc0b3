import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInbox, type InboxServer } from '../support/inbox-server.js';

/** The upstream writes an event this often: long enough that an event held for the next shows. */
const EVERY_MS = 1000;

/**
 * GET /v1/events through the inbox: each server-sent event must reach the browser when the API
 * writes it, not when some buffer fills (Next's gzip, a proxy). A stand-in API writes an event
 * every 300 ms; the inbox must pass each one on within a fraction of that.
 */
describe('inbox: the live event stream passes through unbuffered', () => {
  let upstream: Server;
  let inbox: InboxServer;
  const seen: { cookie?: string; encoding?: string; forwardedHost?: string; closed: boolean } = { closed: false };
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (!req.url?.startsWith('/v1/events')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
        return;
      }
      seen.cookie = req.headers.cookie;
      seen.encoding = req.headers['accept-encoding'];
      seen.forwardedHost = String(req.headers['x-forwarded-host'] ?? '');
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.flushHeaders();
      let n = 0;
      const timer = setInterval(() => res.write(`id: 1-${n}\nevent: message.status\ndata: ${JSON.stringify({ n: n++, at: Date.now() })}\n\n`), EVERY_MS);
      req.on('close', () => {
        clearInterval(timer);
        seen.closed = true;
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    inbox = await startInbox(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  }, 120_000);
  afterAll(async () => {
    await inbox?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('every event arrives as it is written, uncompressed, with the session cookie forwarded; leaving closes the upstream', async () => {
    const controller = new AbortController();
    const response = await fetch(`${inbox.url}/v1/events`, {
      headers: { cookie: 'sendbook_session=abc', 'accept-encoding': 'gzip, br' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();

    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const delays: number[] = [];
    let buffer = '';
    while (delays.length < 5) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (data) delays.push(Date.now() - (JSON.parse(data) as { at: number }).at);
      }
    }
    controller.abort();
    expect(delays).toHaveLength(5);
    // Buffered, each event would wait at least for the next one (EVERY_MS later, or for good: five
    // small events fill no proxy buffer); passed through, each arrives before the next is written.
    expect(Math.max(...delays)).toBeLessThan(EVERY_MS * 0.8);
    expect(seen.cookie).toBe('sendbook_session=abc');
    expect(seen.encoding).toBe('identity');
    expect(seen.forwardedHost).toMatch(/^127\.0\.0\.1:\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.closed).toBe(true);
  }, 30_000);
});
