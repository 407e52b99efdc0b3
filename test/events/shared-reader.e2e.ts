import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { RunningService } from '../../apps/api/src/infra/embedded-postgres.js';
import { startRedisServer } from '../../apps/api/src/infra/redis-server.js';
import { EventsHub } from '../../apps/api/src/modules/events/events.hub.js';
import { EventsPublisher } from '../../apps/api/src/modules/events/events.publisher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { connectSse, type SseClient } from './sse-client.js';

/**
 * A Redis of this file's own, so CLIENT LIST holds only this API process's connections (and the
 * one this test reads it with), and so it can be stopped without disturbing other test files.
 */
describe('one shared Redis reader per API process', () => {
  const dataDir = path.join(os.tmpdir(), `sendbook-shared-reader-${process.pid}`);
  let redis: RunningService;
  let admin: Redis;
  let t: TestApp;
  let hub: EventsHub;
  let publisher: EventsPublisher;
  let clients: SseClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(dataDir);
    admin = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    admin.on('error', () => undefined);
    t = await startTestApp({ redisUrl: redis.url, env: { ROLE: 'api', EVENTS_READER_IDLE_MS: '300', EVENTS_MAX_STREAMS_PER_PRINCIPAL: '1000' } });
    hub = t.app.get(EventsHub);
    publisher = t.app.get(EventsPublisher);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.close();
    admin?.disconnect();
    await redis?.stop();
  });

  const clientList = async () => {
    const lines = String(await admin.client('LIST'))
      .trim()
      .split('\n');
    return { total: lines.length, readers: lines.filter((l) => l.includes(` name=${hub.readerName} `)).length };
  };
  const connectAll = async (n: number) => {
    const batch = await Promise.all(Array.from({ length: n }, () => connectSse(t.url)));
    clients.push(...batch);
    await waitFor(() => batch.every((c) => c.status === 200 && c.comments.includes('connected')), { what: `${n} streams connected` });
    return batch;
  };
  const closeAll = () => {
    for (const c of clients) c.close();
    clients = [];
  };

  it('200 streams read through one Redis connection, and the process opens no more connections for them; every stream hears the event', async () => {
    await connectAll(1);
    // Let the app's own connections (BullMQ workers, queue clients) settle before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const withOne = await clientList();
    expect(withOne.readers).toBe(1);

    await connectAll(199);
    expect(hub.stats().open).toBe(200);
    const with200 = await clientList();
    expect(with200.readers).toBe(1);
    // Everything this Redis serves: the API process's connections and this test's one.
    expect(with200.total).toBe(withOne.total);

    publisher.publish('work_item.changed', { marker: 'to-all-200' });
    await waitFor(() => clients.every((c) => c.events.some((e) => e.data.marker === 'to-all-200')), { what: 'all 200 streams heard it' });
    expect(clients).toHaveLength(200);
  });

  it('the reader stops when no stream has been open for EVENTS_READER_IDLE_MS, and comes back with the next stream', async () => {
    closeAll();
    await waitFor(async () => (await clientList()).readers === 0 && !hub.stats().reading, { what: 'the reader stopped' });
    const [client] = await connectAll(1);
    expect((await clientList()).readers).toBe(1);
    publisher.publish('work_item.changed', { marker: 'after-idle' });
    await client!.waitFor((e) => e.data.marker === 'after-idle');
  });

  it('an events.lost entry (a publisher dropped events) resets every open stream', async () => {
    const open = await connectAll(2);
    const id = await admin.xadd(publisher.streamKey, '*', 'type', 'events.lost', 'data', JSON.stringify({ at: new Date().toISOString() }));
    for (const c of open) {
      const reset = await c.waitFor((e) => e.event === 'reset', 'reset');
      expect(reset).toMatchObject({ id, data: { reason: 'events_lost' } });
      expect(c.events.map((e) => e.event)).not.toContain('events.lost');
    }
  });

  it('when Redis goes away, open streams stay open, new ones get 503; once it is back, every stream gets a reset, then live events', async () => {
    const open = await connectAll(3);
    const port = Number(new URL(redis.url).port);
    await redis.stop();

    const refused = await fetch(`${t.url}/v1/events`, { headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}` } });
    expect([refused.status, await refused.json()]).toEqual([503, { error: 'unavailable', message: expect.any(String) }]);
    expect(refused.headers.get('retry-after')).toBe('5');
    // An event raised meanwhile is dropped by the publisher (and remembered as lost).
    publisher.publish('work_item.changed', { marker: 'during-outage' });
    // Heartbeats go on; nothing ends the open streams while the reader retries.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(clients.map((c) => c.ended)).toEqual(clients.map(() => false));

    // Back on the same address, empty (no persistence): the stream and everything in it are gone.
    const resetsBefore = new Map(open.map((c) => [c, c.events.filter((e) => e.event === 'reset').length]));
    redis = await startRedisServer(dataDir, undefined, port);
    await waitFor(() => open.every((c) => c.events.filter((e) => e.event === 'reset').length > resetsBefore.get(c)!), { what: 'a reset on every stream' });
    // The reader's own reset ('interrupted'), or the publisher's events.lost when it was back
    // first (then the reader started from after it): either way the inbox refetches.
    for (const c of open) expect(['interrupted', 'events_lost']).toContain(c.events.filter((e) => e.event === 'reset').at(-1)!.data.reason);
    // The publisher tells the streams it lost events, as soon as its client is back.
    await waitFor(async () => (await admin.xrange(publisher.streamKey, '-', '+')).some(([, fields]) => fields[1] === 'events.lost'), {
      what: 'events.lost written',
    });

    // The publisher's own client may reconnect a moment after the reader: publish until heard.
    let n = 0;
    await waitFor(
      () => {
        publisher.publish('work_item.changed', { marker: 'after-outage', n: n++ });
        return clients.every((c) => c.events.some((e) => e.data.marker === 'after-outage'));
      },
      { what: 'live again', intervalMs: 200 },
    );
    expect(clients.every((c) => c.events.every((e) => e.data.marker !== 'during-outage'))).toBe(true);
    expect((await clientList()).readers).toBe(1);
  });
});
