import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const CAP = 80;

describe('priority: one queue for every purpose, the urgent row first', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { MESSAGING_LIMIT: 'unlimited' } } });
  });
  afterAll(() => sb.close());

  it('a high-priority message enqueued behind 1,000 low ones to other users goes out within the next second of capacity', async () => {
    const send = (key: string, to: string, priority: number) =>
      sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: key, to, purpose: 'newsletter', priority, payload: templatePayload() })
        .expect(201)
        .then((r) => r.body.message);
    // One batch, so the whole backlog is queued before much of it has gone: enqueued one by one on a
    // loaded machine, the number could send the first ones faster than the last ones arrive.
    const backlog = Array.from({ length: 1000 }, (_, i) => ({
      dedupe_key: `low-${i}`,
      to: `+97250500${String(i).padStart(4, '0')}`,
      purpose: 'newsletter',
      priority: 0,
      payload: templatePayload(),
    }));
    const batch = await sb.api().post('/v1/messages/batch').send({ messages: backlog }).expect(200);
    expect(batch.body.results.filter((r: { status: string }) => r.status === 'created')).toHaveLength(1000);
    await waitFor(() => sb.sim.ledger().length >= 100, { what: 'the backlog to be draining' });

    const sentBefore = sb.sim.ledger().length;
    const urgent = await send('otp-1', '+972505009999', 10);
    await waitFor(() => sb.sim.ledger({ bizOpaqueCallbackData: urgent.id }).length === 1, { what: 'the urgent message' });

    const order = sb.sim.ledger().sort((a, b) => a.acceptedAt - b.acceptedAt);
    const position = order.findIndex((e) => e.bizOpaqueCallbackData === urgent.id);
    // Sends that went between its enqueue and its own: at most one second of the number's capacity.
    expect(position - sentBefore).toBeLessThanOrEqual(CAP);
    expect(sb.sim.ledger().length).toBeLessThan(1001);
  }, 120_000);
});
