import net from 'node:net';
import type { Server } from 'node:http';
import { messageRequest } from '../support/sendbook.js';
import { startTestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

/** Resolves with `promise`'s value, or with 'still waiting' once `ms` have passed. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms).unref())]);

describe('shutdown', () => {
  it('answers a request in flight when the app closes, then lets its keep-alive connection go', async () => {
    const t = await startTestApp();
    const { port } = new URL(t.url);
    const body = JSON.stringify(messageRequest({ dedupe_key: 'shutdown-in-flight' }));
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // The headers and half the body: the request is in flight when the app starts to close.
    socket.write(
      `POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAuthorization: Bearer ${TEST_SECRETS.apiKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = t.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(20));

    // Answered with `Connection: close`, so the close is not held up for the keep-alive time (65 s).
    await expect(within(ended, 20_000)).resolves.not.toBe('still waiting');
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    await expect(within(closing, 20_000)).resolves.not.toBe('still waiting');
  });

  it('answers a request that arrives once the close has begun with a 503 in our error shape, and Retry-After', async () => {
    const t = await startTestApp();
    const { port } = new URL(t.url);
    const body = JSON.stringify(messageRequest({ dedupe_key: 'shutdown-holds-the-close' }));
    const [holding, late] = await Promise.all([connect(Number(port)), connect(Number(port))]);
    // One request in flight holds the close open; the other connection has sent half its headers,
    // so it is busy (not reaped as idle) and its request is routed only after the close began.
    holding.socket.write(
      `POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_SECRETS.apiKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );
    let closing: Promise<void> | undefined;
    try {
      late.socket.write(`GET /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const server = t.app.getHttpServer() as Server;
      closing = t.close();
      // The close has begun once the server stops listening (after the shutdown hooks, which a loaded
      // machine may take longer than any fixed wait to run): only then is the request completed.
      await waitFor(() => !server.listening, { what: 'the server to stop listening', intervalMs: 10 });
      late.socket.write(`Authorization: Bearer ${TEST_SECRETS.apiKey}\r\n\r\n`);

      await expect(within(late.ended, 20_000)).resolves.not.toBe('still waiting');
      const [head, answer] = late.received().split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 503 /);
      expect(head).toMatch(/^Retry-After: 5$/im);
      expect(head).toMatch(/^Connection: close$/im);
      expect(JSON.parse(answer!)).toEqual({ error: 'unavailable', message: expect.stringMatching(/shutting down/) });

      holding.socket.write(body.slice(20));
      await expect(within(holding.ended, 20_000)).resolves.not.toBe('still waiting');
      expect(holding.received()).toMatch(/^HTTP\/1\.1 201 /);
      await expect(within(closing, 20_000)).resolves.not.toBe('still waiting');
    } finally {
      // Whatever failed, this app is closed before the next file runs in this process.
      holding.socket.destroy();
      late.socket.destroy();
      await (closing ?? t.close());
    }
  });
});

describe('keep-alive', () => {
  it('keeps an idle connection longer than clients do, so a client never reuses one the server has just closed', async () => {
    const t = await startTestApp();
    try {
      const conn = await connect(Number(new URL(t.url).port));
      const ask = () => conn.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      ask();
      await waitFor(async () => conn.received().includes('"ok"'), { what: 'the first answer' });
      // Longer than fetch keeps an idle connection (4 s) and than Node's own 5 s, which closed it
      // under a client whose event loop was late, and the next request met a reset.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await within(conn.ended, 0)).toBe('still waiting');
      ask();
      await waitFor(async () => conn.received().split('HTTP/1.1 200').length === 3, { what: 'the second answer on the same connection' });
      conn.socket.destroy();
    } finally {
      await t.close();
    }
  }, 30_000);
});

/** A raw connection to the app, with what it received and a promise of its end. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  return { socket, ended, received: () => received };
}
