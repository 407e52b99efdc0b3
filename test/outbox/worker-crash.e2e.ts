import type { ChildProcess } from 'node:child_process';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';

describe('worker processes: killed or stopped, nothing is sent twice', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // The API alone; sending happens in separate worker processes this test controls.
    sb = await startSendbook({ app: { env: { ROLE: 'api' } } });
    // No status webhooks: a `sent` status would heal a row stuck in `sending`, which is right but
    // not what this file is about.
    sb.sim.configure({ webhookUrl: null });
  });
  const children: ChildProcess[] = [];
  const worker = () => {
    const child = startWorkerProcess(sb);
    children.push(child);
    return child;
  };
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await sb.close();
  });

  async function enqueue(prefix: string, count: number, firstNumber: number): Promise<string[]> {
    // The API (ROLE=api) checks a template against the registry the worker syncs at its start.
    await waitFor(async () => (await sb.api().get('/v1/templates').expect(200)).body.data.some((t: { name: string }) => t.name === 'order_shipped'), {
      what: 'the template registry synced by a worker',
    });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: `${prefix}-${i}`, to: `+9725030${String(firstNumber + i)}` }))
        .expect(201);
      ids.push(res.body.message.id);
    }
    return ids;
  }
  const states = async (ids: string[]) =>
    (await sb.dataSource.query(`SELECT state FROM outbound_messages WHERE id = ANY($1) ORDER BY id`, [ids])).map((r: { state: string }) => r.state);
  const sends = (ids: string[]) => ids.map((id) => sb.sim.ledgerCountByCallbackData()[id] ?? 0);

  it('SIGKILL mid-send leaves rows in sending; a new worker never re-sends them', async () => {
    sb.sim.scriptNext(3, { kind: 'slow', ms: 8000 });
    const first = worker();
    const ids = await enqueue('kill', 3, 10000);
    await waitFor(() => sends(ids).every((n) => n === 1), { what: 'the three sends to reach the simulator' });
    first.kill('SIGKILL');
    await exited(first);
    expect(await states(ids)).toEqual(['sending', 'sending', 'sending']);

    const second = worker();
    // Several sweeps of the new worker go by.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await states(ids)).toEqual(['sending', 'sending', 'sending']);
    expect(sends(ids)).toEqual([1, 1, 1]);
    second.kill('SIGTERM');
    await exited(second);
  });

  it('SIGTERM lets in-flight sends finish and record their outcome before the process exits', async () => {
    sb.sim.scriptNext(2, { kind: 'slow', ms: 1500 });
    const stopping = worker();
    const ids = await enqueue('term', 2, 20000);
    await waitFor(() => sends(ids).every((n) => n === 1));
    stopping.kill('SIGTERM');
    await exited(stopping);
    expect(await states(ids)).toEqual(['accepted', 'accepted']);
    expect(sends(ids)).toEqual([1, 1]);
    const attempts = await sb.dataSource.query(`SELECT attempts FROM outbound_messages WHERE id = ANY($1)`, [ids]);
    expect(attempts.map((r: { attempts: number }) => r.attempts)).toEqual([1, 1]);
  });
});
