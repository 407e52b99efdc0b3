import { describe, expect, it } from '@jest/globals';
import { SendbookClient, type SendMessage } from './client.js';
import { SendbookError } from './errors.js';
import type { FetchAnswer, FetchInit, RetryNotice, SendbookClientOptions } from './transport.js';

type Step = { status: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'hang';

/** A fetch that plays `steps` in order and records every request. */
function scripted(...steps: Step[]) {
  const requests: { url: string; init: FetchInit }[] = [];
  const fetch = (url: string, init: FetchInit): Promise<FetchAnswer> => {
    requests.push({ url, init });
    const step = steps.shift();
    if (!step) throw new Error(`unexpected request ${init.method} ${url}`);
    if (step === 'network') return Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:3001') }));
    if (step === 'hang')
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError'))));
    const text = step.body === undefined ? '' : typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
    const headers = new Headers(step.headers);
    return Promise.resolve({ status: step.status, headers, text: () => Promise.resolve(text) });
  };
  return { fetch, requests };
}

function client(fetch: SendbookClientOptions['fetch'], options: Partial<SendbookClientOptions> = {}) {
  const retries: RetryNotice[] = [];
  const c = new SendbookClient({
    baseUrl: 'http://sendbook.test/',
    apiKey: 'sk_test_key',
    fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    onRetry: (r) => retries.push(r),
    ...options,
  });
  return { c, retries };
}

const send: SendMessage = {
  dedupe_key: 'order-44812:shipped:972501234567',
  to: '+972501234567',
  purpose: 'order_shipped',
  payload: { type: 'text', text: { body: 'Shipped!' } },
};
const row = { id: 'm-1', dedupe_key: send.dedupe_key, state: 'queued' };

async function failure(promise: Promise<unknown>): Promise<SendbookError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SendbookError) return error;
    throw error;
  }
  throw new Error('expected a SendbookError');
}

describe('SendbookClient: requests by the contract’s routes', () => {
  it('sends the key, JSON, and the path and query the operation names', async () => {
    const { fetch, requests } = scripted(
      { status: 201, body: { message: row, deduplicated: false } },
      { status: 200, body: { message: row } },
      { status: 200, body: { data: [row], next_cursor: null } },
    );
    const { c } = client(fetch);
    expect(await c.messages.enqueue(send)).toEqual({ message: row, deduplicated: false });
    expect(await c.messages.get('a/b c')).toEqual(row);
    expect(await c.messages.list({ trigger_ref: 'orders/44812', state: 'queued', limit: 10, cursor: undefined })).toEqual({ data: [row], next_cursor: null });
    expect(requests.map((r) => `${r.init.method} ${r.url}`)).toEqual([
      'POST http://sendbook.test/v1/messages',
      'GET http://sendbook.test/v1/messages/a%2Fb%20c',
      'GET http://sendbook.test/v1/messages?trigger_ref=orders%2F44812&state=queued&limit=10',
    ]);
    expect(requests[0]!.init.headers).toMatchObject({ authorization: 'Bearer sk_test_key', 'content-type': 'application/json', accept: 'application/json' });
    expect(JSON.parse(requests[0]!.init.body!)).toEqual(send);
    expect(requests[1]!.init.body).toBeUndefined();
  });

  it('pages through a list with listAll', async () => {
    const { fetch, requests } = scripted(
      { status: 200, body: { data: [{ id: '1' }, { id: '2' }], next_cursor: 'c2' } },
      { status: 200, body: { data: [{ id: '3' }], next_cursor: null } },
    );
    const ids: string[] = [];
    for await (const m of client(fetch).c.messages.listAll({ trigger_ref: 'orders/1' })) ids.push(m.id);
    expect(ids).toEqual(['1', '2', '3']);
    expect(requests.map((r) => r.url)).toEqual([
      'http://sendbook.test/v1/messages?trigger_ref=orders%2F1',
      'http://sendbook.test/v1/messages?trigger_ref=orders%2F1&cursor=c2',
    ]);
  });

  it('a 204 resolves to nothing', async () => {
    const { fetch } = scripted({ status: 204 });
    await expect(client(fetch).c.eventEndpoints.delete('e-1')).resolves.toBeUndefined();
  });
});

describe('retries: only where repeating cannot do anything twice', () => {
  it('a send whose first answer was lost is retried with the same body, and the 200 deduplicated is the success', async () => {
    const { fetch, requests } = scripted(
      'network',
      { status: 503, body: { error: 'unavailable', message: 'try again' } },
      { status: 200, body: { message: row, deduplicated: true } },
    );
    const { c, retries } = client(fetch);
    expect(await c.messages.enqueue(send)).toEqual({ message: row, deduplicated: true });
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.init.body)).size).toBe(1);
    expect(retries.map((r) => [r.operation, r.attempt, r.error.code])).toEqual([
      ['createMessage', 1, 'network_error'],
      ['createMessage', 2, 'unavailable'],
    ]);
  });

  it('a batch is retried (each item carries its key)', async () => {
    const { fetch } = scripted(
      { status: 502, body: 'Bad gateway' },
      { status: 200, body: { results: [{ status: 'deduplicated', message: row, details: [] }] } },
    );
    expect((await client(fetch).c.messages.enqueueBatch([send])).results[0]!.status).toBe('deduplicated');
  });

  it('a time-out is retried', async () => {
    const { fetch, requests } = scripted('hang', { status: 200, body: { message: row } });
    const { c, retries } = client(fetch, { timeoutMs: 20 });
    expect(await c.messages.get('m-1')).toEqual(row);
    expect(requests).toHaveLength(2);
    expect(retries[0]!.error).toMatchObject({ code: 'timeout', status: null });
  });

  it('a reply is retried only with its client_request_id', async () => {
    const answer = { status: 201, body: { message: row, deduplicated: false } };
    const withId = scripted({ status: 500 }, answer);
    await client(withId.fetch).c.conversations.reply('c-1', { text: 'hi', client_request_id: 'order-1:reply:1' });
    expect(withId.requests).toHaveLength(2);
    // Plain JavaScript can leave it out; then the reply is tried once.
    const without = scripted({ status: 500 });
    const error = await failure(client(without.fetch).c.conversations.reply('c-1', { text: 'hi' } as never));
    expect(error).toMatchObject({ code: 'http_500', status: 500, attempts: 1 });
    expect(without.requests).toHaveLength(1);
  });

  it('a cancel is retried (cancelling a cancelled message answers it again); too late is not_cancellable with the row', async () => {
    const cancelled = { ...row, state: 'cancelled' };
    const sending = { ...row, state: 'sending' };
    const { fetch, requests } = scripted(
      'network',
      { status: 200, body: { message: cancelled } },
      { status: 503 },
      { status: 200, body: { message: cancelled } },
      { status: 409, body: { error: 'not_cancellable', message: sending } },
    );
    const { c } = client(fetch);
    expect(await c.messages.cancel('m-1')).toEqual(cancelled);
    expect(await c.messages.cancelByDedupeKey(send.dedupe_key)).toEqual(cancelled);
    expect(await failure(c.messages.cancel('m-2'))).toMatchObject({ code: 'not_cancellable', status: 409, resource: sending, attempts: 1 });
    expect(requests.map((r) => `${r.init.method} ${r.url} ${r.init.body ?? ''}`.trim())).toEqual([
      'POST http://sendbook.test/v1/messages/m-1/cancel',
      'POST http://sendbook.test/v1/messages/m-1/cancel',
      `POST http://sendbook.test/v1/messages/cancel {"dedupe_key":"${send.dedupe_key}"}`,
      `POST http://sendbook.test/v1/messages/cancel {"dedupe_key":"${send.dedupe_key}"}`,
      'POST http://sendbook.test/v1/messages/m-2/cancel',
    ]);
  });

  it('rotating a secret is tried once: a repeat would rotate again', async () => {
    const { fetch, requests } = scripted({ status: 503 });
    expect(await failure(client(fetch).c.eventEndpoints.rotateSecret('e-1', { keep_old_for_hours: 2 }))).toMatchObject({ status: 503, attempts: 1 });
    expect(requests.map((r) => `${r.init.method} ${r.url} ${r.init.body}`)).toEqual([
      'POST http://sendbook.test/v1/event-endpoints/e-1/rotate-secret {"keep_old_for_hours":2}',
    ]);
  });

  it('registering an event endpoint is tried once: a repeat would make a second endpoint and secret', async () => {
    const { fetch, requests } = scripted('network');
    const error = await failure(client(fetch).c.eventEndpoints.create({ url: 'https://orders.example/events', events: ['message.state_changed'] }));
    expect(error).toMatchObject({ code: 'network_error', status: null, operation: 'createEventEndpoint', attempts: 1 });
    expect(error.message).toContain('ECONNREFUSED');
    expect(requests).toHaveLength(1);
  });

  it('gives up after maxAttempts, with the last error', async () => {
    const { fetch, requests } = scripted({ status: 503 }, { status: 503 }, { status: 504, body: { error: 'timeout', message: 'PostgreSQL said nothing' } });
    const error = await failure(client(fetch, { retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 } }).c.messages.enqueue(send));
    expect(error).toMatchObject({ code: 'timeout', status: 504, message: 'PostgreSQL said nothing', attempts: 3 });
    expect(requests).toHaveLength(3);
  });

  it('waits as long as a 429 asks (Retry-After)', async () => {
    const { fetch } = scripted({ status: 429, body: { error: 'rate_limited', message: 'over 60/min' }, headers: { 'retry-after': '7' } });
    // The call is cancelled as soon as the client says how long it will wait: no test waits 7 s.
    const controller = new AbortController();
    const { c, retries } = client(fetch, { onRetry: (r) => (retries.push(r), controller.abort(new Error('stop'))) });
    await expect(c.messages.enqueue(send, { signal: controller.signal })).rejects.toThrow('stop');
    expect(retries).toHaveLength(1);
    expect(retries[0]!.delayMs).toBe(7_000);
    expect(retries[0]!.error).toMatchObject({ code: 'rate_limited', retryAfterMs: 7_000 });
  });

  it('a Retry-After beyond maxRetryAfterMs is thrown at once, carrying it', async () => {
    const { fetch } = scripted({ status: 503, body: { error: 'busy', message: 'too many downloads' }, headers: { 'retry-after': '3600' } });
    expect(await failure(client(fetch).c.messages.get('m-1'))).toMatchObject({ code: 'busy', retryAfterMs: 3_600_000, attempts: 1 });
  });

  it('never retries an answer that will not change: 400, 409, 422', async () => {
    const { fetch, requests } = scripted(
      { status: 400, body: { error: 'validation_failed', message: 'to is required', details: [{ field: 'to', message: 'is required' }] } },
      { status: 409, body: { error: 'dedupe_key_conflict', message: row } },
      { status: 422, body: { error: 'window_closed', message: 'the 24 h window is closed', window_open_until: null } },
    );
    const { c } = client(fetch);
    expect(await failure(c.messages.enqueue(send))).toMatchObject({ code: 'validation_failed', status: 400, fields: { to: 'is required' } });
    expect(await failure(c.messages.enqueue(send))).toMatchObject({ code: 'dedupe_key_conflict', status: 409, resource: row });
    expect(await failure(c.conversations.reply('c-1', { text: 'hi', client_request_id: 'r-1' }))).toMatchObject({ code: 'window_closed', status: 422 });
    expect(requests).toHaveLength(3);
  });

  it('a success that is not JSON is an invalid_answer, not retried', async () => {
    const { fetch, requests } = scripted({ status: 200, body: '<html>captive portal</html>' });
    expect(await failure(client(fetch).c.messages.get('m-1'))).toMatchObject({ code: 'invalid_answer', status: 200 });
    expect(requests).toHaveLength(1);
  });

  it('the caller’s abort is thrown as it came, never retried', async () => {
    const { fetch, requests } = scripted('hang');
    const controller = new AbortController();
    const call = client(fetch).c.messages.get('m-1', { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(call).rejects.toThrow('shutting down');
    expect(requests).toHaveLength(1);
  });
});

describe('options', () => {
  it('needs a base URL and a key', () => {
    expect(() => new SendbookClient({ baseUrl: '', apiKey: 'k' })).toThrow(TypeError);
    expect(() => new SendbookClient({ baseUrl: 'http://x', apiKey: '' })).toThrow(TypeError);
  });

  it('a retry option left undefined keeps its default', async () => {
    const { fetch, requests } = scripted({ status: 503 }, { status: 200, body: { message: row } });
    await client(fetch, { retry: { maxAttempts: undefined, baseDelayMs: 1, maxDelayMs: 1 } }).c.messages.get('m-1');
    expect(requests).toHaveLength(2);
  });

  it('uses the global fetch by default', () => {
    expect(() => new SendbookClient({ baseUrl: 'http://x', apiKey: 'k' })).not.toThrow();
  });
});
