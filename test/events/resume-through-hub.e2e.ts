import { EventsHub } from '../../apps/api/src/modules/events/events.hub.js';
import { EventsPublisher } from '../../apps/api/src/modules/events/events.publisher.js';
import { compareStreamIds, parseStreamId } from '../../apps/api/src/modules/events/sse.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { connectSse, type ReceivedEvent, type SseClient } from './sse-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A resuming stream holds what the shared reader hands it while it replays its gap with XRANGE,
 * then skips the overlap. Here a client drops and comes back again and again while events keep
 * coming (a steady trickle, and bursts longer than a replay page), and must end up with every
 * event exactly once, in order.
 */
describe('resuming with Last-Event-ID through the shared reader: nothing missed, nothing doubled', () => {
  let t: TestApp;
  let publisher: EventsPublisher;
  beforeAll(async () => {
    t = await startTestApp();
    publisher = t.app.get(EventsPublisher);
  });
  afterAll(() => t.close());

  it('a client that drops mid-flow and reconnects, over and over, receives every event once, in order', async () => {
    let seq = 0;
    const stop = new AbortController();
    const publishEvent = () => publisher.publish('work_item.changed', { seq: ++seq });
    const trickle = (async () => {
      while (!stop.signal.aborted) {
        publishEvent();
        await sleep(2);
      }
    })();

    const received: ReceivedEvent[] = [];
    let client: SseClient = await connectSse(t.url);
    await waitFor(() => client.comments.includes('connected'));
    // Pauses between dropping and reconnecting, and bursts published while the client is away
    // (1,200 entries: more than two replay pages, so the replay meets the held entries mid-burst).
    const rounds = [
      { wait: 0, burst: 0 },
      { wait: 20, burst: 0 },
      { wait: 0, burst: 1_200 },
      { wait: 100, burst: 300 },
      { wait: 5, burst: 0 },
      { wait: 0, burst: 1_200 },
    ];
    for (const round of rounds) {
      const before = client.events.length;
      await waitFor(() => client.events.length >= before + 20, { what: 'events before the drop' });
      client.close();
      received.push(...client.events);
      for (let i = 0; i < round.burst; i++) publishEvent();
      await sleep(round.wait);
      const last = received.at(-1)!.id!;
      client = await connectSse(t.url, { lastEventId: last });
      expect(client.status).toBe(200);
    }
    await waitFor(() => client.events.length >= 50, { what: 'events after the last reconnect' });
    stop.abort();
    await trickle;
    const lastSeq = seq;
    await waitFor(() => client.events.some((e) => e.data.seq === lastSeq), { what: `seq ${lastSeq}`, timeoutMs: 30_000 });
    await sleep(200);
    client.close();
    received.push(...client.events);

    expect(received.map((e) => e.event).filter((e) => e !== 'work_item.changed')).toEqual([]);
    const seqs = received.map((e) => e.data.seq as number);
    // A new client hears what is published after it connected: from there, everything.
    const firstSeq = seqs[0]!;
    const expected = Array.from({ length: lastSeq - firstSeq + 1 }, (_, i) => firstSeq + i);
    // Compared as counts first, so a failure says how many were lost or doubled.
    expect({ count: seqs.length, distinct: new Set(seqs).size }).toEqual({ count: expected.length, distinct: expected.length });
    expect(seqs).toEqual(expected);
    // And the ids only ever grow (the stream's own order).
    const ids = received.map((e) => parseStreamId(e.id)!);
    expect(ids.slice(1).filter((id, i) => compareStreamIds(ids[i]!, id) >= 0)).toEqual([]);
    await waitFor(() => t.app.get(EventsHub).stats().open === 0, { what: 'every stream released' });
    expect(t.app.get(EventsHub).stats().droppedSlow).toBe(0);
  });
});
