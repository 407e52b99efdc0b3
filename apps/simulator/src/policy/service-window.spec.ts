import type { Simulator } from '../simulator-api.js';
import { errorCode, postMessage, textBody, wamidOf } from '../testing/graph-requests.js';
import { startSimulatorWithReceiver } from '../testing/simulator-with-receiver.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the 24 h customer-service window', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ sim, receiver, close } = await startSimulatorWithReceiver());
    sim.clock.freeze(Date.UTC(2026, 0, 5, 9, 0, 0));
  });

  afterEach(() => close());

  it('refuses free text to a user who never wrote with 131047 (sync mode)', async () => {
    const answer = await postMessage(sim, textBody('16505551234', 'Hello there'));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: {
        message: '(#131047) Re-engagement message',
        type: 'OAuthException',
        code: 131047,
        error_data: {
          messaging_product: 'whatsapp',
          details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
        fbtrace_id: expect.any(String),
      },
    });
    expect(sim.ledger()).toHaveLength(0);
  });

  it('in async mode accepts it, then sends `sent` and `failed` 131047, and nothing reaches the phone', async () => {
    sim.configure({ asyncWindowFailure: true });
    const answer = await postMessage(sim, textBody('16505551234', 'Hello there', { biz_opaque_callback_data: 'msg-1' }));
    const wamid = wamidOf(answer);
    await sim.idle();

    const statuses = receiver.statuses().filter((s) => s.id === wamid);
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'failed']);
    expect(statuses[1]?.errors).toEqual([
      {
        code: 131047,
        title: 'Re-engagement message',
        message: 'Re-engagement message',
        error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ]);
    expect(sim.ledger()).toHaveLength(0);
    expect(sim.acceptedMessages()[0]?.failedWith).toBe(131047);
  });

  it('accepts free text once the customer wrote, and refuses it again 24 h later', async () => {
    sim.customer('16505551234', { name: 'Sheena Nelson' }).sendText('Does it come in another color?');
    const inside = await postMessage(sim, textBody('+16505551234', 'Yes, in blue.'));
    expect(inside.status).toBe(200);
    expect(inside.json.contacts).toEqual([{ input: '+16505551234', wa_id: '16505551234' }]);

    sim.clock.advance(DAY_MS - 6000);
    expect((await postMessage(sim, textBody('16505551234', 'Still there?'))).status).toBe(200);

    // Exactly 24 h after the customer's message (and past the 6 s pair interval).
    sim.clock.advance(6000);
    expect(errorCode(await postMessage(sim, textBody('16505551234', 'Too late')))).toBe(131047);
    expect(sim.ledger().map((e) => (e.body.text as { body: string }).body)).toEqual(['Yes, in blue.', 'Still there?']);
  });

  it('lets templates through a closed window', async () => {
    const answer = await postMessage(sim, {
      messaging_product: 'whatsapp',
      to: '16505551234',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(answer.status).toBe(200);
  });
});
