import type { Simulator } from '../simulator-api.js';
import { errorCode, postMessage, templateBody, textBody, wamidOf } from '../testing/graph-requests.js';
import { startSimulatorWithReceiver } from '../testing/simulator-with-receiver.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';

// 2026: a user with a username reaches a business by business-scoped user id (BSUID) only, and is
// sent to with `"recipient": "<BSUID>"` instead of `to`.
describe('username users (BSUID only)', () => {
  const BSUID = 'US.13491208655302741918';
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ sim, receiver, close } = await startSimulatorWithReceiver());
    sim.customer('16505551234', { name: 'Sheena Nelson', userId: BSUID, username: 'sheena' });
  });

  afterEach(() => close());

  const byRecipient = (text: string, extra: Record<string, unknown> = {}) => {
    const { to: _to, ...body } = textBody('16505551234', text);
    return { ...body, recipient: BSUID, ...extra };
  };

  it('writes without a phone number: from_user_id and contacts[].user_id, no from or wa_id', async () => {
    const wamid = sim.customer('16505551234').sendText('Hi, is my order on its way?');
    await sim.flushWebhooks();
    type Envelope = { entry: Array<{ changes: Array<{ value: { contacts: unknown; messages: Array<Record<string, unknown>> } }> }> };
    const value = (receiver.posts.at(-1)?.envelope as Envelope | undefined)?.entry[0]?.changes[0]?.value;
    expect(value?.contacts).toEqual([{ profile: { name: 'Sheena Nelson', username: 'sheena' }, user_id: BSUID }]);
    const message = value?.messages[0];
    expect(message).toMatchObject({ id: wamid, from_user_id: BSUID, type: 'text' });
    expect(message).not.toHaveProperty('from');
  });

  it('a user id without a username still carries the number', async () => {
    sim.customer('16505550002', { name: 'Pablo', userId: 'US.777' }).sendText('hello');
    await sim.flushWebhooks();
    const [message] = receiver.messages().slice(-1);
    expect(message).toMatchObject({ from: '16505550002', from_user_id: 'US.777' });
  });

  it('accepts a send by recipient: answers with user_id, records it, and reports statuses by recipient_user_id', async () => {
    sim.customer('16505551234').sendText('hi');
    const answer = await postMessage(sim, byRecipient('Yes, it ships today'));
    expect(answer.status).toBe(200);
    expect(answer.json.contacts).toEqual([{ input: BSUID, user_id: BSUID }]);
    const wamid = wamidOf(answer);
    await sim.idle();
    expect(sim.ledger().filter((e) => e.wamid === wamid)).toEqual([expect.objectContaining({ to: '16505551234', recipientUserId: BSUID })]);
    const statuses = receiver.statuses().filter((s) => s.id === wamid);
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    for (const status of statuses) {
      expect(status).toMatchObject({ recipient_user_id: BSUID });
      expect(status).not.toHaveProperty('recipient_id');
    }
  });

  it.each([
    ['both to and recipient', { to: '16505551234' }, 100],
    ['a recipient that is no BSUID', { recipient: '16505551234' }, 100],
    ['an unknown BSUID', { recipient: 'US.999999' }, 131009],
  ])('refuses %s', async (_case, extra, code) => {
    sim.customer('16505551234').sendText('hi');
    const answer = await postMessage(sim, byRecipient('x', extra));
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe(code);
    expect(sim.ledger()).toHaveLength(0);
  });

  it('refuses an authentication template by recipient (131062)', async () => {
    const { to: _to, ...body } = templateBody('16505551234', 'verification_code', 'en', [
      { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
    ]);
    const answer = await postMessage(sim, { ...body, recipient: BSUID });
    expect(errorCode(answer)).toBe(131062);
  });

  it('is created with a user id and username through the control API', async () => {
    const res = await fetch(`${sim.url}/_sim/customers/16505559999`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Noa', user_id: 'IL.42', username: 'noa' }),
    });
    expect(await res.json()).toMatchObject({ wa_id: '16505559999', user_id: 'IL.42', username: 'noa' });
  });

  it('refuses a user id that is no BSUID, naming user_id', async () => {
    const res = await fetch(`${sim.url}/_sim/customers/16505559998`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: '16505559998' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('user_id');
  });
});
