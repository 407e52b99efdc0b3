import net from 'node:net';
import { messageRequest } from '../support/sendbook.js';
import { startTestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

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

    // Answered, and the server then closes the idle connection within its keep-alive time (5 s),
    // so the close is not held up for Fastify's default of 72 s.
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
    late.socket.write(`GET /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = t.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
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
  });
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
