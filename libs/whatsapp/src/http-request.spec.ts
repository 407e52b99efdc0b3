import http from 'node:http';
import net from 'node:net';
import { httpRequest, type HttpRequestOptions } from './http-request.js';

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
