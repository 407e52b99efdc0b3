import type { ChildProcess } from 'node:child_process';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';
import { FAST_DELIVERY_ENV, Receiver } from './receiver.js';

describe('events to integrators: a worker killed mid-delivery', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    receiver = await Receiver.start();
    // The API alone; deliveries happen in worker processes this test kills.
    sb = await startSendbook({ app: { env: { ...FAST_DELIVERY_ENV, ROLE: 'api' } } });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await sb?.close();
    await receiver?.close();
  });
  const worker = () => {
    const child = startWorkerProcess(sb, { ...FAST_DELIVERY_ENV, EVENT_DELIVERY_TIMEOUT_MS: '1500' });
    children.push(child);
    return child;
  };

  it('delivers the event again, with the same id, once the dead worker’s claim runs out', async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'] })
      .expect(201);
    receiver.next('hang');
    const message = await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'killed-mid-delivery', to: '+16505550401', purpose: 'order_update', payload: { type: 'text', text: { body: 'your order' } } })
      .expect(201);
    const [event] = await sb.dataSource.query(`SELECT id FROM integrator_events WHERE snapshot->'message'->>'id' = $1 ORDER BY seq LIMIT 1`, [
      message.body.message.id,
    ]);
    // Written with the message, before any worker ran.
    expect(event).toBeDefined();

    const first = worker();
    await waitFor(() => receiver.received.length === 1, { what: 'the first POST to reach the receiver' });
    first.kill('SIGKILL');
    await exited(first);
    const [claimed] = await sb.dataSource.query(`SELECT state, attempts FROM event_deliveries WHERE event_id = $1`, [event.id]);
    expect(claimed).toEqual({ state: 'delivering', attempts: 1 });

    worker();
    await waitFor(
      async () => (await sb.dataSource.query(`SELECT 1 FROM event_deliveries WHERE event_id = $1 AND state = 'delivered'`, [event.id])).length === 1,
      { what: 'the event delivered by the second worker' },
    );
    const forEvent = receiver.received.filter((r) => r.id === event.id);
    expect(forEvent.map((r) => r.answered)).toEqual(['hung', 200]);
    receiver.verifyAll(created.body.secret);
    const [done] = await sb.dataSource.query(`SELECT state, attempts FROM event_deliveries WHERE event_id = $1`, [event.id]);
    expect(done).toEqual({ state: 'delivered', attempts: 2 });
  });
});
