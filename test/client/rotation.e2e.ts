import { EventVerifier, SendbookClient, WebhookVerificationError, type SendMessage } from '@sendbook/client';
import { FAST_DELIVERY_ENV, Receiver, type Received } from '../integrator-events/receiver.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

/** Whether a receiver holding `secrets` accepts the POST, by the client's EventVerifier. */
function verifies(r: Received, ...secrets: string[]): boolean | string {
  try {
    new EventVerifier(secrets).verify(r.raw, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError && error.code === 'invalid_signature') return false;
    return error instanceof Error ? error.message : String(error);
  }
}

describe('@sendbook/client against a real Sendbook: rotating an endpoint’s secret', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  let sendbook: SendbookClient;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: FAST_DELIVERY_ENV } });
    sendbook = new SendbookClient({ baseUrl: sb.url, apiKey: TEST_SECRETS.apiKey });
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  /** Enqueues a message for tomorrow (its one event: created, queued) and returns that event's POST. */
  async function eventFor(name: string): Promise<Received> {
    const message = messageRequest({ dedupe_key: `order-${name}:reminder`, not_before: new Date(Date.now() + 86_400_000).toISOString() }) as SendMessage;
    const { message: row } = await sendbook.messages.enqueue(message);
    let found: Received | undefined;
    await waitFor(() => (found = receiver.accepted().find((r) => (r.event.data.message as { id: string }).id === row.id)) !== undefined, {
      what: `the event of ${name}`,
    });
    return found!;
  }

  it('signs with the old and the new secret during the overlap, and with the new one alone after keep_old_for_hours: 0', async () => {
    const { endpoint, secret: first } = await sendbook.eventEndpoints.create({ url: receiver.url, events: ['message.state_changed'] });
    const before = await eventFor('1');
    expect(before.signature.split(' ')).toHaveLength(1);
    expect([verifies(before, first), Receiver.verifies(before, first)]).toEqual([true, true]);

    const rotated = await sendbook.eventEndpoints.rotateSecret(endpoint.id, { keep_old_for_hours: 1 });
    const second = rotated.secret;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(rotated.endpoint.previous_secret_expires_at).not.toBeNull();

    const overlap = await eventFor('2');
    expect(overlap.signature.split(' ')).toHaveLength(2);
    // A receiver still on the old secret, one already on the new, one holding both: all verify.
    expect([verifies(overlap, first), verifies(overlap, second), verifies(overlap, second, first)]).toEqual([true, true, true]);
    expect(verifies(overlap, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toBe(false);
    // The standardwebhooks package agrees.
    expect([Receiver.verifies(overlap, first), Receiver.verifies(overlap, second)]).toEqual([true, true]);

    // A leaked secret: the old ones stop at once.
    const third = (await sendbook.eventEndpoints.rotateSecret(endpoint.id, { keep_old_for_hours: 0 })).secret;
    const after = await eventFor('3');
    expect(after.signature.split(' ')).toHaveLength(1);
    expect([verifies(after, first), verifies(after, second), verifies(after, third), verifies(after, first, second, third)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
