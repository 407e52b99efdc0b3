import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

describe("one user's messages: 6 s apart, by priority, then not_before, then creation", () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  it('a confirmation and a reminder enqueued together leave 6 s apart, in order; a more urgent one goes first', async () => {
    const due = new Date(Date.now() + 1500).toISOString();
    const send = async (key: string, priority: number) =>
      (
        await sb
          .api()
          .post('/v1/messages')
          .send({ dedupe_key: key, to: '+972507770001', purpose: key, priority, not_before: due, payload: templatePayload(key) })
          .expect(201)
      ).body.message.id as string;
    const confirmation = await send('confirmation', 0);
    const reminder = await send('reminder', 0);
    const urgent = await send('delivery_code', 5);

    await waitFor(() => sb.sim.ledger().length === 3, { timeoutMs: 30_000, what: 'three messages' });
    const sent = sb.sim.ledger().sort((a, b) => a.acceptedAt - b.acceptedAt);
    expect(sent.map((e) => e.bizOpaqueCallbackData)).toEqual([urgent, confirmation, reminder]);
    expect(sent[1]!.acceptedAt - sent[0]!.acceptedAt).toBeGreaterThanOrEqual(6000);
    expect(sent[2]!.acceptedAt - sent[1]!.acceptedAt).toBeGreaterThanOrEqual(6000);
    expect(sb.sim.rejections()).toEqual([]);
  }, 40_000);
});
