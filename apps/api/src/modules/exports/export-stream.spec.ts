import { once } from 'node:events';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpReply } from '../../common/http/http-types.js';
import { ExportResponse } from './export-stream.js';

/** Fastify's reply as ExportResponse uses it: hijack, the raw response, the headers set so far. */
const replyOf = (res: ServerResponse) => ({ hijack: () => undefined, raw: res, getHeaders: () => ({ 'x-request-id': 'r-1' }) }) as unknown as HttpReply;

/** A real HTTP server whose one answer the test writes through ExportResponse. */
async function serve(): Promise<{ url: string; response: Promise<ExportResponse>; close: () => Promise<void> }> {
  let answer!: (r: ExportResponse) => void;
  const response = new Promise<ExportResponse>((resolve) => (answer = resolve));
  const server = http.createServer((_req, res) => answer(ExportResponse.open(replyOf(res), { 'content-type': 'application/x-ndjson' })));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    response,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const MB = 'x'.repeat(1024 * 1024);

describe('ExportResponse', () => {
  it('sends the reply’s headers with its own, and a complete body when ended', async () => {
    const s = await serve();
    const got = fetch(s.url);
    const response = await s.response;
    await response.write('{"a":1}\n');
    response.end();
    const res = await got;
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await res.text()).toBe('{"a":1}\n');
    await s.close();
  });

  it('waits for a client that reads slowly, and goes on when it has read', async () => {
    const s = await serve();
    const got = await fetch(s.url).then((r) => r.body!.getReader());
    const response = await s.response;
    // Far more than the sockets hold: the write waits until the client has taken it.
    let written = false;
    const writing = response.write(MB.repeat(16)).then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written).toBe(false);
    let read = 0;
    while (read < 16 * MB.length) read += (await got.read()).value!.length;
    await writing;
    expect(written).toBe(true);
    response.end();
    expect((await got.read()).done).toBe(true);
    await s.close();
  });

  it('drops a client that takes nothing for too long: the body never ends properly', async () => {
    const s = await serve();
    const got = await fetch(s.url).then((r) => r.body!.getReader());
    const response = await s.response;
    await response.write(MB.repeat(16), 300);
    expect(response.gone).toBe(true);
    response.end(); // too late: nothing more is sent
    await expect(
      (async () => {
        for (;;) if ((await got.read()).done) return 'ended cleanly';
      })(),
    ).rejects.toThrow('terminated');
    await s.close();
  });

  it('a dropped response stops at once and its writes are no-ops', async () => {
    const s = await serve();
    const got = await fetch(s.url).then((r) => r.body!.getReader());
    const response = await s.response;
    await response.write('{"a":1}\n');
    response.drop();
    expect(response.gone).toBe(true);
    await response.write('{"b":2}\n');
    await expect(
      (async () => {
        for (;;) if ((await got.read()).done) return 'ended cleanly';
      })(),
    ).rejects.toThrow('terminated');
    await s.close();
  });
});
