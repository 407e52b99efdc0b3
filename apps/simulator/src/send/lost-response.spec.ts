import http from 'node:http';
import type { Simulator } from '../simulator-api.js';
import { errorCode, postMessage, templateBody } from '../testing/graph-requests.js';
import { startSimulatorWithReceiver } from '../testing/simulator-with-receiver.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';

/** A raw node:http POST so the spec can see exactly what happened to the socket. */
function rawSend(sim: Simulator, body: unknown): Promise<{ status: number; body: string } | { socketError: string }> {
  return new Promise((resolve) => {
    const phoneNumberId = sim.config().phoneNumbers[0]?.id ?? '';
    const req = http.request(`${sim.url}/v23.0/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sim.config().accessToken}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ socketError: error.code ?? error.message }));
    req.end(JSON.stringify(body));
  });
}

describe('lost, failed and slow answers to sends', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ sim, receiver, close } = await startSimulatorWithReceiver());
  });

  afterEach(() => close());

  it('lose_response: the socket is destroyed, yet the ledger has the message and statuses follow', async () => {
    sim.scriptNext(1, { kind: 'lose_response' });
    const outcome = await rawSend(sim, templateBody('16505551234', 'hello_world', 'en_US', [], { biz_opaque_callback_data: 'out-lost' }));
    expect(outcome).toEqual({ socketError: 'ECONNRESET' });

    const [entry] = sim.ledger();
    expect(entry).toMatchObject({ to: '16505551234', bizOpaqueCallbackData: 'out-lost', responseLost: true });
    await sim.idle();
    // Separate POSTs may overtake each other on a loaded machine, as Meta's do: no order is promised.
    expect(
      receiver
        .statuses()
        .filter((s) => s.id === entry?.wamid)
        .map((s) => s.status)
        .sort(),
    ).toEqual(['delivered', 'read', 'sent']);
    expect(receiver.statuses()[0]?.biz_opaque_callback_data).toBe('out-lost');

    // Only the next send was scripted.
    sim.clock.advance(6000);
    expect((await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'))).status).toBe(200);
  });

  it('http_500: answers 500 before accepting, so nothing reaches the ledger', async () => {
    sim.scriptNext(2, { kind: 'http_500' });
    for (let i = 0; i < 2; i++) {
      const answer = await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
      expect(answer.status).toBe(500);
      expect(errorCode(answer)).toBe(131000);
    }
    expect(sim.ledger()).toHaveLength(0);
    expect(sim.rejections().map((r) => r.cause)).toEqual(['http_500', 'http_500']);
    // No pair-limit token was spent.
    expect((await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'))).status).toBe(200);
  });

  it('error: answers the scripted Meta error without accepting', async () => {
    sim.scriptNext(1, { kind: 'error', code: 131016 });
    const answer = await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
    expect(answer.status).toBe(500);
    expect(answer.json.error).toMatchObject({ code: 131016, message: '(#131016) Service unavailable' });
    expect(sim.ledger()).toHaveLength(0);
  });

  it('slow: accepts at once but answers late', async () => {
    // Long enough that a loaded machine sees the acceptance well before the answer.
    sim.scriptNext(1, { kind: 'slow', ms: 2_000 });
    const started = Date.now();
    let answered = false;
    const pending = postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US')).then((a) => {
      answered = true;
      return a;
    });
    while (sim.ledger().length === 0 && Date.now() - started < 1_500) await new Promise((r) => setTimeout(r, 5));
    expect(sim.ledger()).toHaveLength(1);
    expect(answered).toBe(false);
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_995);
  });

  it('chaos: lostResponseProbability / serverErrorProbability decide the same way for the same seed', async () => {
    const run = async (): Promise<string[]> => {
      sim.reset();
      sim.configure({ chaos: { seed: 99, lostResponseProbability: 0.3, serverErrorProbability: 0.2 } });
      const outcomes: string[] = [];
      for (let i = 0; i < 20; i++) {
        const result = await rawSend(sim, templateBody(`165055540${String(i).padStart(2, '0')}`, 'hello_world', 'en_US'));
        outcomes.push('socketError' in result ? 'lost' : String(result.status));
      }
      return outcomes;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    expect(first).toContain('lost');
    expect(first).toContain('500');
    expect(first).toContain('200');
    // Lost answers were accepted; 500s were not.
    expect(sim.ledger()).toHaveLength(first.filter((o) => o !== '500').length);
    expect(sim.ledger().filter((e) => e.responseLost)).toHaveLength(first.filter((o) => o === 'lost').length);
  });
});
