import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { realKey, realStaff, startApiInstance, type ApiInstance } from './instances.js';
import { connectSse, type SseClient } from './sse-client.js';

type Caller = Record<string, string>;

describe('GET /v1/events caps: EVENTS_MAX_STREAMS per process (503), EVENTS_MAX_STREAMS_PER_PRINCIPAL per caller (429)', () => {
  let t: TestApp;
  let api: ApiInstance;
  const clients: SseClient[] = [];
  const open = async (caller: Caller) => {
    const client = await connectSse(api.url, { headers: caller });
    clients.push(client);
    return client;
  };
  /** A refused request's status, Retry-After and body. */
  const refused = async (caller: Caller = { authorization: `Bearer ${TEST_SECRETS.apiKey}` }) => {
    const controller = new AbortController();
    const res = await fetch(`${api.url}/v1/events`, { headers: caller, signal: controller.signal });
    if (res.status === 200) controller.abort();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: res.status === 200 ? null : ((await res.json()) as Record<string, unknown>),
    };
  };

  let keyA: Caller;
  let keyB: Caller;
  let keyC: Caller;
  let anna: Awaited<ReturnType<typeof realStaff>>;
  beforeAll(async () => {
    t = await startTestApp({ env: { EVENTS_MAX_STREAMS: '5', EVENTS_MAX_STREAMS_PER_PRINCIPAL: '2' } });
    api = await startApiInstance(t.config);
    [keyA, keyB, keyC] = [(await realKey(t, 'a')).headers, (await realKey(t, 'b')).headers, (await realKey(t, 'c')).headers];
    anna = await realStaff(t);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await api.close();
    await t.close();
  });

  it('reads both caps from the environment', () => {
    expect(t.config.events).toMatchObject({ maxStreams: 5, maxStreamsPerPrincipal: 2, slowReaderBytes: 1024 * 1024 });
  });

  it('a caller past its share gets 429 too_many_streams; others still get in; the process past its cap answers 503 unavailable', async () => {
    expect((await open(keyA)).status).toBe(200);
    expect((await open(keyA)).status).toBe(200);
    expect(await refused(keyA)).toEqual({ status: 429, retryAfter: '30', body: { error: 'too_many_streams', message: expect.stringContaining('at most 2') } });

    // A staff member is counted as a person: a second session does not buy a second share.
    expect((await open((await anna.session()).headers)).status).toBe(200);
    expect((await open((await anna.session()).headers)).status).toBe(200);
    expect(await refused((await anna.session()).headers)).toMatchObject({ status: 429 });
    expect((await open(keyB)).status).toBe(200);
    expect(api.hub.stats().open).toBe(5);

    // Full: a new caller is told to come back shortly; so is a
    // caller at its own cap (the server's condition is the one to report).
    expect(await refused(keyC)).toEqual({ status: 503, retryAfter: '5', body: { error: 'unavailable', message: expect.any(String) } });
    expect(await refused()).toMatchObject({ status: 503 });
    expect(await refused(keyA)).toMatchObject({ status: 503 });
    expect(api.hub.stats().open).toBe(5);
  });

  it('a closed stream gives its place back, to its caller and to the process', async () => {
    clients.shift()!.close();
    await waitFor(() => api.hub.stats().open === 4, { what: 'the closed stream released' });
    const again = await open(keyA);
    expect(again.status).toBe(200);
    await waitFor(() => again.comments.includes('connected'));
    clients.splice(clients.length - 2, 1)[0]!.close(); // key-b's
    await waitFor(() => api.hub.stats().open === 4, { what: 'key-b released' });
    expect(await refused(keyA)).toMatchObject({ status: 429 });
    expect((await open(keyC)).status).toBe(200);
  });
});
