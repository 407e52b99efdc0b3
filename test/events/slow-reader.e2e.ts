import net from 'node:net';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { startApiInstance, type ApiInstance } from './instances.js';
import { connectSse } from './sse-client.js';

const LIMIT = 256 * 1024;
/** ~2 kB per event, 6,000 events: 12 MB, well past what the kernel's socket buffers absorb. */
const EVENTS = 6_000;
const PADDING = 'x'.repeat(2_000);

/** A client that sends its request, reads the response head, then never reads again. */
function stalledClient(url: string): Promise<{ head: string; socket: net.Socket }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET /v1/events HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${TEST_SECRETS.apiKey}\r\n\r\n`);
    });
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      // Node can't shrink a TCP socket's receive buffer; pausing stops reading it, so the kernel
      // buffers fill (on both ends) and then the server's own buffer grows.
      socket.pause();
      resolve({ head: chunk.toString('latin1'), socket });
    });
  });
}

describe('a stream whose client stops reading is dropped past EVENTS_SLOW_READER_BYTES', () => {
  let t: TestApp;
  let api: ApiInstance;
  const cleanup: (() => void)[] = [];
  beforeAll(async () => {
    t = await startTestApp({ env: { ROLE: 'api', EVENTS_SLOW_READER_BYTES: String(LIMIT) } });
    api = await startApiInstance(t.config);
  });
  afterAll(async () => {
    for (const done of cleanup) done();
    await api.close();
    await t.close();
  });

  it('drops the stalled stream while thousands of events go out, keeps the process’s buffers bounded, and the others hear everything', async () => {
    const { hub, publisher } = api;
    const stalled = await stalledClient(api.url);
    cleanup.push(() => stalled.socket.destroy());
    expect(stalled.head).toMatch(/^HTTP\/1\.1 200/);
    const reader = await connectSse(api.url);
    cleanup.push(() => reader.close());
    await waitFor(() => reader.comments.includes('connected') && hub.stats().open === 2);

    let maxUnsent = 0;
    let droppedAfter: number | null = null;
    const sampler = setInterval(() => (maxUnsent = Math.max(maxUnsent, hub.stats().unsentBytes)), 5);
    for (let i = 1; i <= EVENTS; i++) {
      publisher.publish('work_item.changed', { seq: i, padding: PADDING });
      // A turn of the event loop now and then, so the publisher's pipelines go out as it goes.
      if (i % 200 === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (droppedAfter === null && hub.stats().droppedSlow === 1) droppedAfter = i;
      }
    }
    await reader.waitFor((e) => e.data.seq === EVENTS, 'the last event, on the reading client');
    clearInterval(sampler);

    // Dropped while the events were still going out, not at the end.
    expect(hub.stats()).toMatchObject({ open: 1, droppedSlow: 1 });
    expect(droppedAfter).not.toBeNull();
    expect(droppedAfter!).toBeLessThan(EVENTS);
    expect(api.logs).toContainEqual(expect.objectContaining({ msg: 'events.stream_dropped', reason: 'slow_reader', limit_bytes: LIMIT }));
    // What the hub holds for its clients never passed the bound by more than one read from Redis
    // (measured before each write, a batch is written whole). Without the drop (the bound set to
    // 256 MiB) it held 8.9 MB by the end, growing with every event.
    expect(maxUnsent).toBeLessThan(LIMIT + 500 * 2_100);
    // The reading client heard every event, in order.
    const seqs = reader.events.map((e) => e.data.seq);
    expect(seqs).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
  });
});
