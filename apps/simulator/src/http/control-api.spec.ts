import type { Simulator } from '../simulator-api.js';
import { buttonsBody, errorCode, postMessage, templateBody, textBody, wamidOf } from '../testing/graph-requests.js';
import { startSimulatorWithReceiver } from '../testing/simulator-with-receiver.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';

describe('control API under /_sim/', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ sim, receiver, close } = await startSimulatorWithReceiver());
  });

  afterEach(() => close());

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`${sim.url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it('GET /_sim/health', async () => {
    const { status, json } = await call('GET', '/_sim/health');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      ok: true,
      url: sim.url,
      webhook_url: receiver.url,
      phone_numbers: [{ id: '106540352242922', display_phone_number: '15550783881', waba_id: '102290129340398', mps: 80 }],
    });
  });

  it('GET /_sim/ledger and /_sim/webhooks report in snake_case', async () => {
    await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US', [], { biz_opaque_callback_data: 'out-1' }));
    await call('POST', '/_sim/idle', { timeout_ms: 5000 });

    const ledger = await call('GET', '/_sim/ledger');
    expect(ledger.json).toMatchObject({
      count: 1,
      by_recipient: { '16505551234': 1 },
      by_callback_data: { 'out-1': 1 },
      duplicated_callback_data: [],
      messages: [
        {
          phone_number_id: '106540352242922',
          to: '16505551234',
          type: 'template',
          biz_opaque_callback_data: 'out-1',
          context_message_id: null,
          response_lost: false,
        },
      ],
    });
    const webhooks = await call('GET', '/_sim/webhooks');
    const deliveries = webhooks.json.deliveries as Array<{ state: string; attempts: Array<{ status_code: number }>; events: Array<{ status: string }> }>;
    // Separate POSTs may overtake each other on a loaded machine, as Meta's do: no order is promised.
    expect(deliveries.flatMap((d) => d.events.map((e) => e.status)).sort()).toEqual(['delivered', 'read', 'sent']);
    expect(deliveries.every((d) => d.state === 'delivered' && d.attempts[0]?.status_code === 200)).toBe(true);
  });

  it('POST /_sim/script makes the next send fail as told', async () => {
    expect((await call('POST', '/_sim/script', { count: 1, action: { kind: 'error', code: 131000 } })).status).toBe(200);
    expect(errorCode(await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US')))).toBe(131000);
    expect((await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'))).status).toBe(200);
    expect((await call('POST', '/_sim/script', { action: { kind: 'teleport' } })).status).toBe(400);
  });

  it('POST /_sim/chaos sets the knobs (snake_case or camelCase)', async () => {
    const { json } = await call('POST', '/_sim/chaos', { seed: 1, duplicate_probability: 1, delayMs: [1, 2] });
    expect(json.chaos).toEqual({ seed: 1, duplicateProbability: 1, delayMs: [1, 2] });
    sim.customer('16505551234').sendText('hi');
    await sim.idle();
    expect(receiver.posts).toHaveLength(2);
    await call('POST', '/_sim/chaos', {});
    expect(sim.config().chaos).toEqual({});
  });

  it('POST /_sim/customers/{waId}/messages makes a customer write, answer buttons and say "yes"', async () => {
    const greeting = await call('POST', '/_sim/customers/16505551234/messages', { type: 'text', text: 'Hi!', name: 'Sheena Nelson' });
    expect(greeting.status).toBe(201);
    const wamid = wamidOf(
      await postMessage(
        sim,
        buttonsBody('16505551234', [
          { id: 'confirm', title: 'Yes' },
          { id: 'cancel', title: 'No' },
        ]),
      ),
    );

    const byId = await call('POST', '/_sim/customers/16505551234/messages', { type: 'button_reply', to_wamid: wamid, button_id: 'cancel' });
    const yes = await call('POST', '/_sim/customers/16505551234/messages', { to_wamid: wamid, choice: 'yes' });
    expect(byId.status).toBe(201);
    expect(yes.status).toBe(201);
    await sim.idle();

    const messages = receiver.messages();
    expect(messages.map((m) => m.id)).toEqual([greeting.json.wamid, byId.json.wamid, yes.json.wamid]);
    expect(messages[1]).toMatchObject({ interactive: { type: 'button_reply', button_reply: { id: 'cancel', title: 'No' } }, context: { id: wamid } });
    expect(messages[2]).toMatchObject({ interactive: { type: 'button_reply', button_reply: { id: 'confirm', title: 'Yes' } } });
    expect((await call('POST', '/_sim/customers/16505551234/messages', { type: 'button_reply' })).status).toBe(400);
  });

  it('POST /_sim/customers/{waId}/messages sends media of every kind, with its fields', async () => {
    const document = await call('POST', '/_sim/customers/16505551234/messages', { type: 'document', filename: 'receipt.pdf', caption: 'my receipt' });
    const voice = await call('POST', '/_sim/customers/16505551234/messages', { type: 'audio', voice: true });
    expect([document.status, voice.status]).toEqual([201, 201]);
    await sim.idle();
    const [first, second] = receiver.messages();
    expect(first).toMatchObject({
      id: document.json.wamid,
      type: 'document',
      document: { filename: 'receipt.pdf', caption: 'my receipt', mime_type: 'application/pdf' },
    });
    expect(second).toMatchObject({ id: voice.json.wamid, type: 'audio', audio: { voice: true, mime_type: 'audio/ogg; codecs=opus' } });
    const refused = await call('POST', '/_sim/customers/16505551234/messages', { type: 'hologram' });
    expect(refused.status).toBe(400);
  });

  it('POST /_sim/clock advances simulated time', async () => {
    await call('POST', '/_sim/customers/16505551234/messages', { text: 'hi' });
    expect((await postMessage(sim, textBody('16505551234', 'in window'))).status).toBe(200);
    const before = sim.clock.now();
    const { json } = await call('POST', '/_sim/clock', { advance_ms: 24 * 60 * 60 * 1000 });
    expect(json.now as number).toBeGreaterThanOrEqual(before + 24 * 60 * 60 * 1000);
    expect(errorCode(await postMessage(sim, textBody('16505551234', 'too late')))).toBe(131047);
  });

  it('POST /_sim/config and POST /_sim/reset', async () => {
    await call('POST', '/_sim/config', { async_window_failure: true, status_delays_ms: { read: null } });
    expect(sim.config().asyncWindowFailure).toBe(true);
    expect(sim.config().statusDelaysMs).toEqual({ sent: 0, delivered: 5, read: null });

    await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
    expect(sim.ledger()).toHaveLength(1);
    await call('POST', '/_sim/reset');
    expect(sim.ledger()).toHaveLength(0);
    expect(sim.webhookDeliveries()).toHaveLength(0);
    expect(sim.requests()).toBe(0);
    // Pair limit forgotten too.
    expect((await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'))).status).toBe(200);
  });

  it('answers 404 for unknown control routes, and a Graph error for unknown Graph paths', async () => {
    expect((await call('GET', '/_sim/nope')).status).toBe(404);
    const graph = await call('GET', '/v23.0/106540352242922/unknown_edge');
    expect(graph.status).toBe(400);
    expect((graph.json.error as { code: number }).code).toBe(100);
  });
});
