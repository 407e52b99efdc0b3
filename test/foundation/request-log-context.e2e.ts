import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';

/** Log lines written while `fn` runs (the app logs JSON lines to stdout). */
async function logsDuring(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    lines.push(String(chunk));
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await fn();
  } finally {
    process.stdout.write = write;
  }
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('request log context', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { LOG_LEVEL: 'info' } } });
  });
  afterAll(() => sb?.close());

  it('a line the handler logs after the body is read carries the request id the caller sent', async () => {
    const body = messageRequest({ dedupe_key: 'log-context-1' });
    await sb.api().post('/v1/messages').send(body).expect(201);
    const logs = await logsDuring(() => sb.api().post('/v1/messages').set('X-Request-Id', 'trace-42.a').send(body).expect(200));
    const rejected = logs.find((l) => l.msg === 'outbox.dedupe_rejected');
    expect(rejected).toMatchObject({ request_id: 'trace-42.a', purpose: 'order_shipped' });
  });
});
