import http from 'node:http';
import net from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { httpRequest, httpRequestBytes, httpRequestStream, type HttpRequestOptions } from './http-request.js';

// Connect-timeout paths need a socket that never connects. A DNS lookup that never answers
// gives exactly that, deterministically, with no network involved.
class NeverConnectingAgent extends http.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.connect({ ...(options as net.TcpNetConnectOpts), lookup: () => undefined });
  }
}

// DNS failures without depending on the machine's resolver.
class FailingLookupAgent extends http.Agent {
  constructor(private readonly errorCode: string) {
    super();
  }
  override createConnection(options: net.NetConnectOpts): net.Socket {
    const code = this.errorCode;
    return net.connect({
      ...(options as net.TcpNetConnectOpts),
      lookup: (hostname, _opts, callback) => {
        const error: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code });
        process.nextTick(() => callback(error, '', 4));
      },
    });
  }
}

function requestOptions(agent: http.Agent, overrides: Partial<HttpRequestOptions> = {}): HttpRequestOptions {
  return {
    method: 'POST',
    url: new URL('http://graph.example.test/v23.0/1/messages'),
    headers: { 'content-type': 'application/json' },
    body: '{}',
    agent,
    timeoutMs: 2000,
    connectTimeoutMs: 100,
    maxResponseBytes: 1024,
    ...overrides,
  };
}

/** A local server for one test: its URL (path `/media`) and a close that drops kept-alive sockets. */
async function serve(handle: http.RequestListener): Promise<{ url: URL; close(): Promise<void> }> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/media`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('httpRequest before the socket connects', () => {
  it('is not_sent when the connect timeout expires', async () => {
    const agent = new NeverConnectingAgent();
    const started = Date.now();
    expect(await httpRequest(requestOptions(agent))).toEqual({ kind: 'not_sent', reason: 'connect timeout after 100 ms' });
    expect(Date.now() - started).toBeLessThan(1000);
    agent.destroy();
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN'])('is not_sent when DNS fails with %s', async (code) => {
    const agent = new FailingLookupAgent(code);
    expect(await httpRequest(requestOptions(agent))).toEqual({ kind: 'not_sent', reason: `${code}: getaddrinfo ${code} graph.example.test` });
    agent.destroy();
  });

  it('is not_sent when the overall timeout comes first', async () => {
    const agent = new NeverConnectingAgent();
    expect(await httpRequest(requestOptions(agent, { timeoutMs: 50, connectTimeoutMs: 1000 }))).toEqual({
      kind: 'not_sent',
      reason: 'timeout: not connected within 50 ms',
    });
    agent.destroy();
  });
});

describe('httpRequest response limits', () => {
  it('is unknown when the response is larger than allowed', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200);
      res.end('x'.repeat(5000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const result = await httpRequest(requestOptions(agent, { url: new URL(`http://127.0.0.1:${port}/`), connectTimeoutMs: 1000 }));
    expect(result).toEqual({ kind: 'unknown', reason: 'response larger than 1024 bytes' });
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('httpRequestBytes: binary bodies', () => {
  // Bytes that are not valid UTF-8: a text decode would replace them.
  const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a]);

  it('keeps the bytes exactly, with the headers; the text path still decodes UTF-8', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(binary);
    });
    const agent = new http.Agent({ keepAlive: true });
    const options = requestOptions(agent, { method: 'GET', body: undefined, url: server.url, connectTimeoutMs: 1000 });
    const bytes = await httpRequestBytes(options);
    expect(bytes).toMatchObject({ kind: 'response', status: 200, headers: { 'content-type': 'image/png' } });
    expect(bytes.kind === 'response' && bytes.body.equals(binary)).toBe(true);
    const text = await httpRequest(options);
    expect(text.kind === 'response' && text.body).toBe(binary.toString('utf8'));
    agent.destroy();
    await server.close();
  });

  it('is unknown when a chunked body grows past the limit, and at once when Content-Length says so', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': '4096' });
        res.write(Buffer.alloc(10)); // the rest never comes: only the header can end this early
        return;
      }
      res.writeHead(200); // no length: chunked
      for (let i = 0; i < 5; i++) res.write(Buffer.alloc(300, i));
      res.end();
    });
    const agent = new http.Agent({ keepAlive: true });
    const chunked = await httpRequestBytes(requestOptions(agent, { method: 'GET', body: undefined, url: server.url, connectTimeoutMs: 1000 }));
    expect(chunked).toEqual({ kind: 'unknown', reason: 'response larger than 1024 bytes' });
    const declaredUrl = new URL('/declared', server.url);
    const declared = await httpRequestBytes(
      requestOptions(agent, { method: 'GET', body: undefined, url: declaredUrl, connectTimeoutMs: 1000, timeoutMs: 1500 }),
    );
    expect(declared).toEqual({ kind: 'unknown', reason: 'response larger than 1024 bytes' });
    agent.destroy();
    await server.close();
  });
});

describe('httpRequestStream: a success streamed, not held', () => {
  const get = (agent: http.Agent, url: URL, overrides: Partial<HttpRequestOptions> = {}) =>
    httpRequestStream(requestOptions(agent, { method: 'GET', body: undefined, url, connectTimeoutMs: 1000, ...overrides }));

  it('answers at the headers: the first bytes are readable while the server is still writing', async () => {
    let finish: () => void = () => undefined;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write('first ');
      finish = () => res.end('last');
    });
    const agent = new http.Agent({ keepAlive: true });
    const outcome = await get(agent, server.url);
    if (outcome.kind !== 'stream') throw new Error(`expected a stream, got ${outcome.kind}`);
    expect(outcome.headers['content-type']).toBe('video/mp4');
    const firstChunk = await new Promise<string>((resolve) => outcome.body.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    expect(firstChunk).toBe('first ');
    finish();
    expect(await readText(outcome.body)).toBe('last');
    agent.destroy();
    await server.close();
  });

  it('an error answer is read whole, as httpRequestBytes would', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":100}}');
    });
    const agent = new http.Agent({ keepAlive: true });
    const outcome = await get(agent, server.url);
    expect(outcome).toMatchObject({ kind: 'response', status: 404 });
    expect(outcome.kind === 'response' && outcome.body.toString()).toBe('{"error":{"code":100}}');
    agent.destroy();
    await server.close();
  });

  it('the stream fails once it grows past the limit, and when no byte comes within the time-out', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200);
      if (req.url?.endsWith('/stall')) {
        res.write('a little, then nothing');
        return;
      }
      for (let i = 0; i < 5; i++) res.write(Buffer.alloc(300, i));
      res.end();
    });
    const agent = new http.Agent({ keepAlive: true });
    const big = await get(agent, server.url);
    if (big.kind !== 'stream') throw new Error(`expected a stream, got ${big.kind}`);
    await expect(readText(big.body)).rejects.toThrow('response larger than 1024 bytes');
    const stalled = await get(agent, new URL('/stall', server.url), { timeoutMs: 300 });
    if (stalled.kind !== 'stream') throw new Error(`expected a stream, got ${stalled.kind}`);
    await expect(readText(stalled.body)).rejects.toThrow('timeout: no byte of the response within 300 ms');
    agent.destroy();
    await server.close();
  });
});

describe('httpRequest with a departure gate (beforeWrite)', () => {
  /** A server that records when each request's body arrived. */
  async function recordingServer(): Promise<{ url: URL; arrivals: number[]; close: () => Promise<void> }> {
    const arrivals: number[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        arrivals.push(Date.now());
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return { url: new URL(`http://127.0.0.1:${port}/v23.0/1/messages`), arrivals, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('writes nothing until the gate says go, on a fresh socket and on a pooled one', async () => {
    const server = await recordingServer();
    const agent = new http.Agent({ keepAlive: true });
    try {
      for (const socket of ['fresh', 'pooled']) {
        let cleared = 0;
        const outcome = await httpRequest(
          requestOptions(agent, {
            url: server.url,
            beforeWrite: async () => {
              await new Promise((resolve) => setTimeout(resolve, 150));
              cleared = Date.now();
            },
          }),
        );
        expect({ socket, outcome: outcome.kind }).toEqual({ socket, outcome: 'response' });
        expect(server.arrivals.at(-1)!).toBeGreaterThanOrEqual(cleared);
      }
      expect(server.arrivals).toHaveLength(2);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('is not_sent, and the server sees no request, when the gate fails or holds past the time-out', async () => {
    const server = await recordingServer();
    const agent = new http.Agent({ keepAlive: true });
    try {
      const refused = await httpRequest(requestOptions(agent, { url: server.url, beforeWrite: () => Promise.reject(new Error('redis: connection lost')) }));
      expect(refused).toEqual({ kind: 'not_sent', reason: 'not written: redis: connection lost' });
      const held = await httpRequest(requestOptions(agent, { url: server.url, timeoutMs: 50, beforeWrite: () => new Promise(() => undefined) }));
      expect(held).toEqual({ kind: 'not_sent', reason: 'timeout: not cleared to write within 50 ms' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.arrivals).toEqual([]);
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
