import net from 'node:net';
import { messageRequest } from '../support/sendbook.js';
import { startTestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

/** Resolves with `promise`'s value, or with 'still waiting' once `ms` have passed. */
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms).unref())]);

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
});
