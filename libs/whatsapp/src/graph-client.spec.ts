import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { buffer } from 'node:stream/consumers';
import { fixtureBytes, fixtureJson } from '../test-support/fixtures.js';
import { buildTextMessage } from './build-message.js';
import { classifyGraphError } from './classify-error.js';
import { GraphClient, type GraphClientOptions } from './graph-client.js';

const TOKEN = 'EAAG-secret-token-never-to-be-seen';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  remotePort: number | undefined;
}

interface TestServer {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** A local HTTP server; `handle` runs once the whole request body has been read. */
async function startServer(handle: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      seen.push(entry);
      handle(req, res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const servers: TestServer[] = [];
const clients: GraphClient[] = [];

async function setup(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void,
  options: Partial<GraphClientOptions> = {},
): Promise<{ server: TestServer; client: GraphClient }> {
  const server = await startServer(handle);
  servers.push(server);
  const client = new GraphClient({ baseUrl: server.url, apiVersion: 'v23.0', accessToken: TOKEN, timeoutMs: 2000, connectTimeoutMs: 1000, ...options });
  clients.push(client);
  return { server, client };
}

afterEach(async () => {
  clients.splice(0).forEach((client) => client.close());
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const textBody = buildTextMessage('+16505551234', 'hello', { bizOpaqueCallbackData: 'msg_1' });

describe('GraphClient.sendMessage: the four outcomes', () => {
  it('accepted: Meta returned a wamid', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, fixtureBytes('send-text-response-meta-docs.json').toString('utf8')));
    const result = await client.sendMessage('106540352242922', textBody);
    expect(result).toEqual({
      outcome: 'accepted',
      wamid: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA',
      waId: '16505551234',
      input: '+16505551234',
      httpStatus: 200,
      raw: fixtureJson('send-text-response-meta-docs.json'),
    });
    const [request] = server.seen;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v23.0/106540352242922/messages',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    });
    expect(JSON.parse(request?.body ?? '')).toEqual(textBody);
  });

  it('accepted: template pacing status is reported', async () => {
    const { client } = await setup((_req, res) => json(res, 200, fixtureJson('send-template-response-accepted-meta-docs.json')));
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'accepted', messageStatus: 'accepted', waId: '16505551234' });
  });

  it('accepted by recipient: the answer names the user by user_id', async () => {
    const answer = {
      messaging_product: 'whatsapp',
      contacts: [{ input: 'US.13491208655302741918', user_id: 'US.13491208655302741918' }],
      messages: [{ id: 'wamid.B1' }],
    };
    const { client } = await setup((_req, res) => json(res, 200, answer));
    const result = await client.sendMessage('1', buildTextMessage('US.13491208655302741918', 'hi'));
    expect(result).toMatchObject({ outcome: 'accepted', wamid: 'wamid.B1', userId: 'US.13491208655302741918', input: 'US.13491208655302741918' });
    expect(result).not.toHaveProperty('waId');
  });

  it("rejected: Meta's error shape, classifiable", async () => {
    const { client } = await setup((_req, res) => json(res, 400, fixtureJson('error-130429-response-meta-docs.json')));
    const result = await client.sendMessage('1', textBody);
    expect(result).toMatchObject({
      outcome: 'rejected',
      httpStatus: 400,
      error: {
        code: 130429,
        title: 'Rate limit hit',
        message: '(#130429) Rate limit hit',
        details: 'Cloud API message throughput has been reached.',
        fbtraceId: 'Az8or2yhqkZfEZ-_4Qn_Bam',
        raw: (fixtureJson('error-130429-response-meta-docs.json') as { error: unknown }).error,
      },
    });
    expect(classifyGraphError(result)).toMatchObject({ action: 'retry', scope: 'number' });
  });

  it('not_sent: connection refused on a closed port', async () => {
    const server = await startServer(() => undefined);
    const url = server.url;
    await server.close();
    const client = new GraphClient({ baseUrl: url, apiVersion: 'v23.0', accessToken: TOKEN });
    clients.push(client);
    const result = await client.sendMessage('1', textBody);
    expect(result).toEqual({ outcome: 'not_sent', reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('not_sent: still waiting for a pooled socket when the timeout hits', async () => {
    const { server, client } = await setup(() => undefined /* never answers */, { maxSockets: 1, timeoutMs: 300 });
    const first = client.sendMessage('1', textBody);
    const second = client.sendMessage('1', textBody);
    expect(await second).toMatchObject({ outcome: 'not_sent', reason: expect.stringContaining('not connected') });
    expect(await first).toMatchObject({ outcome: 'unknown' });
    expect(server.seen).toHaveLength(1);
  });

  it('unknown: the server read the request, then reset the connection', async () => {
    const { server, client } = await setup((req) => req.socket.destroy());
    const result = await client.sendMessage('1', textBody);
    expect(result).toMatchObject({ outcome: 'unknown' });
    expect(server.seen).toHaveLength(1);
  });

  it('unknown: the server never answers (timeoutMs)', async () => {
    const { client } = await setup(() => undefined, { timeoutMs: 250 });
    const started = Date.now();
    expect(await client.sendMessage('1', textBody)).toEqual({ outcome: 'unknown', reason: expect.stringContaining('timeout') });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('unknown: a reset on a reused keep-alive socket after the request was written', async () => {
    let calls = 0;
    const { server, client } = await setup((req, res) => {
      calls += 1;
      if (calls === 1) json(res, 200, fixtureJson('send-text-response-meta-docs.json'));
      else req.socket.destroy();
    });
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'accepted' });
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'unknown' });
    // Same client port both times: the second request went over the reused socket.
    expect(server.seen.map((seen) => seen.remotePort)).toEqual([server.seen[0]?.remotePort, server.seen[0]?.remotePort]);
  });

  it('unknown: the response breaks off mid-body', async () => {
    const { client } = await setup((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"messaging_product":"whatsapp","messages":[{"id":"wamid.');
      setTimeout(() => req.socket.destroy(), 20);
    });
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'unknown' });
  });

  it.each([
    ['an empty object', {}],
    ['messages without an id', { messages: [{}] }],
    ['HTML', '<html>ok</html>'],
    ['an error body with status 200', fixtureJson('error-130429-response-meta-docs.json')],
  ])('unknown: a 2xx with %s instead of the success shape', async (_label, body) => {
    const { client } = await setup((_req, res) => json(res, 200, body));
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'unknown', httpStatus: 200 });
  });

  it('unknown: a 5xx without a Graph error body (a gateway may have passed the request on)', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    });
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'unknown', httpStatus: 502 });
  });

  it('rejected: a 5xx with a Graph error body, retried by the classifier', async () => {
    const { client } = await setup((_req, res) => json(res, 503, { error: { message: '(#2) Service temporarily unavailable', code: 2, fbtrace_id: 'x' } }));
    const result = await client.sendMessage('1', textBody);
    expect(result).toMatchObject({ outcome: 'rejected', httpStatus: 503, error: { code: 2 } });
    expect(classifyGraphError(result).action).toBe('retry');
  });

  it('unknown: a 4xx without a Graph body (a proxy in front of Meta, not Meta, answered)', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such route');
    });
    expect(await client.sendMessage('1', textBody)).toMatchObject({
      outcome: 'unknown',
      httpStatus: 404,
      reason: expect.stringContaining('without a Graph error body'),
    });
  });

  it.each([408, 421])('unknown: HTTP %i, even with an error body', async (status) => {
    const { client } = await setup((_req, res) => json(res, status, { error: { message: 'Request timeout', code: 1 } }));
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'unknown', httpStatus: status });
  });

  it('unknown: a request that waited for a pooled socket and then got no answer had reached the server', async () => {
    let calls = 0;
    const { server, client } = await setup(
      (_req, res) => {
        calls += 1;
        // The first answers and frees the one socket; the second is read and never answered.
        if (calls === 1) setTimeout(() => json(res, 200, fixtureJson('send-text-response-meta-docs.json')), 100);
      },
      { maxSockets: 1, timeoutMs: 300, connectTimeoutMs: 150 },
    );
    const [first, second] = await Promise.all([client.sendMessage('1', textBody), client.sendMessage('1', textBody)]);
    expect(first).toMatchObject({ outcome: 'accepted' });
    expect(server.seen).toHaveLength(2);
    expect(second).toMatchObject({ outcome: 'unknown', reason: expect.stringContaining('no complete response') });
  });

  it('accepted: the time-out starts when the request has a socket, not while it waits for one', async () => {
    const { server, client } = await setup((_req, res) => setTimeout(() => json(res, 200, fixtureJson('send-text-response-meta-docs.json')), 250), {
      maxSockets: 1,
      timeoutMs: 400,
    });
    const started = Date.now();
    const results = await Promise.all([client.sendMessage('1', textBody), client.sendMessage('1', textBody)]);
    // The second waited ~250 ms for the one socket, then ~250 ms for its answer: over 400 ms in all.
    expect(Date.now() - started).toBeGreaterThan(400);
    expect(results.map((r) => r.outcome)).toEqual(['accepted', 'accepted']);
    expect(server.seen).toHaveLength(2);
  });

  it('accepted: a slow answer is not cut off by the idle-socket timeout', async () => {
    const { client } = await setup((_req, res) => setTimeout(() => json(res, 200, fixtureJson('send-text-response-meta-docs.json')), 300), {
      idleSocketTimeoutMs: 50,
    });
    expect(await client.sendMessage('1', textBody)).toMatchObject({ outcome: 'accepted' });
  });

  it('keeps a base URL path prefix', async () => {
    const server = await startServer((_req, res) => json(res, 200, fixtureJson('send-text-response-meta-docs.json')));
    servers.push(server);
    const client = new GraphClient({ baseUrl: `${server.url}/graph/`, apiVersion: '/v24.0/', accessToken: TOKEN });
    clients.push(client);
    await client.sendMessage('106540352242922', textBody);
    expect(server.seen[0]?.url).toBe('/graph/v24.0/106540352242922/messages');
  });
});

describe('GraphClient never exposes the access token', () => {
  it('not in inspect, JSON or results', async () => {
    const { client } = await setup((req) => req.socket.destroy());
    const results = [await client.sendMessage('1', textBody)];
    const closed = new GraphClient({ baseUrl: 'http://127.0.0.1:1', apiVersion: 'v23.0', accessToken: TOKEN });
    clients.push(closed);
    results.push(await closed.sendMessage('1', textBody));
    for (const text of [inspect(client, { depth: 5, showHidden: true }), JSON.stringify(client), JSON.stringify(results), inspect(results)]) {
      expect(text).not.toContain(TOKEN);
    }
  });
});

describe('GraphClient other calls', () => {
  it('markAsRead posts the read body, with an optional typing indicator', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, fixtureJson('mark-as-read-response-meta-docs.json')));
    const wamid = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA';
    expect(await client.markAsRead('106540352242922', wamid)).toEqual({ outcome: 'ok', httpStatus: 200, success: true });
    expect(await client.markAsRead('106540352242922', wamid, { typingIndicator: true })).toMatchObject({ outcome: 'ok' });
    expect(server.seen.map((seen) => JSON.parse(seen.body))).toEqual([
      fixtureJson('mark-as-read-request-meta-docs.json'),
      fixtureJson('mark-as-read-with-typing-indicator-request-meta-docs.json'),
    ]);
    expect(server.seen[0]?.url).toBe('/v23.0/106540352242922/messages');
  });

  it('listTemplates returns one page and the next cursor; listAllTemplates follows them', async () => {
    const template = (name: string) => ({
      name,
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      id: `id-${name}`,
      components: [{ type: 'BODY', text: 'Hi' }],
    });
    const pages: Record<string, unknown> = {
      start: {
        data: [template('a'), template('b')],
        paging: { cursors: { before: 'x', after: 'c1' }, next: 'https://graph.facebook.com/v23.0/waba/message_templates?after=c1' },
      },
      // no cursors.after: the cursor comes from the next URL
      c1: { data: [template('c')], paging: { next: 'https://graph.facebook.com/v23.0/waba/message_templates?limit=2&after=c2' } },
      // last page: cursors.after without next means the end
      c2: { data: [template('d')], paging: { cursors: { before: 'y', after: 'c3' } } },
    };
    const { server, client } = await setup((req, res) => {
      const after = new URL(req.url ?? '/', 'http://x').searchParams.get('after') ?? 'start';
      json(res, 200, pages[after] ?? { data: [] });
    });
    const first = await client.listTemplates('waba', { limit: 2 });
    expect(first).toMatchObject({ outcome: 'ok', paging: { after: 'c1' }, data: [{ name: 'a', status: 'APPROVED' }, { name: 'b' }] });
    expect(server.seen[0]?.url).toBe('/v23.0/waba/message_templates?limit=2');

    const all = await client.listAllTemplates('waba', { limit: 2 });
    expect(all.outcome === 'ok' && all.data.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(server.seen.slice(1).map((seen) => seen.url)).toEqual([
      '/v23.0/waba/message_templates?limit=2',
      '/v23.0/waba/message_templates?limit=2&after=c1',
      '/v23.0/waba/message_templates?limit=2&after=c2',
    ]);
  });

  it('listAllTemplates stops on a repeated cursor and reports a failed page', async () => {
    const { client } = await setup((_req, res) =>
      json(res, 200, { data: [{ name: 'loop' }], paging: { cursors: { after: 'same' }, next: 'https://x/?after=same' } }),
    );
    const looped = await client.listAllTemplates('waba');
    expect(looped.outcome === 'ok' && looped.data).toHaveLength(2);

    const { client: failing } = await setup((_req, res) => json(res, 400, { error: { code: 100, message: '(#100) Invalid parameter' } }));
    expect(await failing.listAllTemplates('waba')).toMatchObject({ outcome: 'rejected', error: { code: 100 } });
  });

  it('getMediaUrl reads the short-lived url', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, {
        messaging_product: 'whatsapp',
        url: 'https://lookaside.fbsbx.com/x',
        mime_type: 'image/jpeg',
        sha256: 'abc',
        file_size: 1234,
        id: '1003383421387256',
      }),
    );
    expect(await client.getMediaUrl('1003383421387256', { phoneNumberId: '106540352242922' })).toEqual({
      outcome: 'ok',
      httpStatus: 200,
      id: '1003383421387256',
      url: 'https://lookaside.fbsbx.com/x',
      mimeType: 'image/jpeg',
      sha256: 'abc',
      fileSize: 1234,
    });
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/v23.0/1003383421387256?phone_number_id=106540352242922' });
  });

  it('getPhoneNumber reads the number’s profile: verified name, quality rating, throughput level, messaging limit', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, {
        id: '106540352242922',
        display_phone_number: '+1 555-078-3881',
        verified_name: 'Jasper’s Market',
        quality_rating: 'YELLOW',
        throughput: { level: 'STANDARD' },
        name_status: 'APPROVED',
        whatsapp_business_manager_messaging_limit: 'TIER_2K',
      }),
    );
    expect(await client.getPhoneNumber('106540352242922')).toEqual({
      outcome: 'ok',
      httpStatus: 200,
      id: '106540352242922',
      displayPhoneNumber: '+1 555-078-3881',
      verifiedName: 'Jasper’s Market',
      qualityRating: 'YELLOW',
      throughputLevel: 'STANDARD',
      nameStatus: 'APPROVED',
      messagingLimit: 'TIER_2K',
    });
    expect(server.seen[0]).toMatchObject({
      method: 'GET',
      url: '/v23.0/106540352242922?fields=id%2Cdisplay_phone_number%2Cverified_name%2Cquality_rating%2Cthroughput%2Cname_status%2Cwhatsapp_business_manager_messaging_limit',
    });
  });

  it('getPhoneNumber: fields Meta leaves out are null; an error is a rejection', async () => {
    const partial = await setup((_req, res) => json(res, 200, { id: '1' }));
    expect(await partial.client.getPhoneNumber('1')).toMatchObject({
      outcome: 'ok',
      qualityRating: null,
      throughputLevel: null,
      verifiedName: null,
      messagingLimit: null,
    });
    const failing = await setup((_req, res) =>
      json(res, 400, { error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100, fbtrace_id: 'x' } }),
    );
    expect(await failing.client.getPhoneNumber('1')).toMatchObject({ outcome: 'rejected', error: { code: 100 } });
  });

  it('rejects a non-http base URL at construction', () => {
    expect(() => new GraphClient({ baseUrl: 'ftp://x', apiVersion: 'v23.0', accessToken: TOKEN })).toThrow(TypeError);
  });
});

describe('GraphClient media downloads', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x80]);

  function bytes(res: http.ServerResponse, status: number, body: Buffer, contentType = 'image/png'): void {
    res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  }

  it('downloadMedia fetches a URL on the base origin with the token: bytes and content type', async () => {
    const { server, client } = await setup((_req, res) => bytes(res, 200, png));
    const result = await client.downloadMedia(`${server.url}/whatsapp_business/attachments/?mid=1`);
    expect(result).toMatchObject({ outcome: 'ok', httpStatus: 200, contentType: 'image/png' });
    expect(result.outcome === 'ok' && (await buffer(result.body)).equals(png)).toBe(true);
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/whatsapp_business/attachments/?mid=1', headers: { authorization: `Bearer ${TOKEN}` } });
  });

  it('never sends the token to another host: other origins, plain http to a media host, credentials in the URL', async () => {
    const { client } = await setup((_req, res) => bytes(res, 200, png));
    const elsewhere = await startServer((_req, res) => bytes(res, 200, png));
    servers.push(elsewhere);
    for (const url of [
      `${elsewhere.url}/x`,
      'http://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1',
      'https://lookaside.fbsbx.com.evil.example/x',
      'https://user:pw@lookaside.fbsbx.com/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await client.downloadMedia(url)).toEqual({ outcome: 'not_sent', reason: expect.stringMatching(/^media URL /) });
    }
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('a listed media host is allowed only over https', async () => {
    const other = await startServer((_req, res) => bytes(res, 200, png));
    servers.push(other);
    const listed = new GraphClient({ baseUrl: 'http://127.0.0.1:1', apiVersion: 'v23.0', accessToken: TOKEN, mediaHosts: ['127.0.0.1'] });
    clients.push(listed);
    expect(await listed.downloadMedia(`${other.url}/x`)).toMatchObject({ outcome: 'not_sent', reason: expect.stringContaining('not allowed') });
    expect(other.seen).toHaveLength(0);
    // An https URL to a listed host passes the check (and fails only on the connection here).
    expect(await listed.downloadMedia('https://127.0.0.1:1/x')).toMatchObject({ outcome: 'not_sent', reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('does not follow redirects, and reports errors and oversized media', async () => {
    const { server, client } = await setup(
      (req, res) => {
        if (req.url === '/redirect') {
          res.writeHead(302, { location: 'https://example.invalid/steal' });
          res.end();
        } else if (req.url === '/gone') json(res, 404, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'x' } });
        else if (req.url === '/down') bytes(res, 503, Buffer.from('<html>unavailable</html>'), 'text/html');
        else bytes(res, 200, Buffer.alloc(2048));
      },
      { maxMediaBytes: 1024 },
    );
    // Not followed: the token goes nowhere it was not meant to (a redirect is no verdict of Meta's).
    expect(await client.downloadMedia(`${server.url}/redirect`)).toMatchObject({ outcome: 'unknown', httpStatus: 302 });
    expect(await client.downloadMedia(`${server.url}/gone`)).toMatchObject({ outcome: 'rejected', httpStatus: 404, error: { code: 100 } });
    expect(await client.downloadMedia(`${server.url}/down`)).toMatchObject({ outcome: 'unknown', httpStatus: 503 });
    expect(await client.downloadMedia(`${server.url}/big`)).toEqual({ outcome: 'unknown', reason: 'response larger than 1024 bytes' });
    expect(server.seen).toHaveLength(4);
  });

  it('downloadMediaById: metadata, then the bytes at its url', async () => {
    let base = '';
    const { server, client } = await setup((req, res) => {
      if (req.url?.startsWith('/v23.0/')) {
        json(res, 200, {
          messaging_product: 'whatsapp',
          url: `${base}/download?mid=42`,
          mime_type: 'image/png',
          sha256: 'abc',
          file_size: png.length,
          id: '42',
        });
      } else bytes(res, 200, png);
    });
    base = server.url;
    const result = await client.downloadMediaById('42', { phoneNumberId: '106540352242922' });
    expect(result).toMatchObject({
      outcome: 'ok',
      contentType: 'image/png',
      media: { id: '42', url: `${base}/download?mid=42`, mimeType: 'image/png', sha256: 'abc', fileSize: png.length },
    });
    expect(result.outcome === 'ok' && (await buffer(result.body)).equals(png)).toBe(true);
    expect(server.seen.map((seen) => seen.url)).toEqual(['/v23.0/42?phone_number_id=106540352242922', '/download?mid=42']);
  });

  it('downloadMediaById stops at a failed lookup', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 400, {
        error: {
          message: "Unsupported get request. Object with ID '7' does not exist",
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
          fbtrace_id: 'x',
        },
      }),
    );
    expect(await client.downloadMediaById('7')).toMatchObject({ outcome: 'rejected', httpStatus: 400, error: { code: 100 } });
    expect(server.seen).toHaveLength(1);
  });
});
