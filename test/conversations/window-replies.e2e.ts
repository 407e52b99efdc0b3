import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { ConversationWindowGate } from '../../apps/api/src/modules/conversations/conversation-window-gate.service.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { inbound } from './conversation-support.js';

const DAY = 24 * 60 * 60 * 1000;

describe('agent replies: through the outbox, once per request id, free text only inside the 24 h window', () => {
  let sb: Sendbook;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 }, app: { clock } });
  });
  afterAll(() => sb.close());

  const open = async (waId: string) =>
    (
      await sb
        .api()
        .post('/v1/conversations')
        .send({ to: `+${waId}` })
        .expect(200)
    ).body.conversation as { id: string; window_open: boolean };
  const reply = (id: string, body: Record<string, unknown>) => sb.api().post(`/v1/conversations/${id}/replies`).send(body);
  const sendsOf = (id: string) => sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id).length;
  const settled = (id: string) =>
    waitFor(async () => ['accepted', 'sent', 'delivered', 'read'].includes((await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message.state));

  it('free text to a contact who never wrote: 422 window_closed; after she writes it goes out; 24 h later it is refused again', async () => {
    const waId = '16505550201';
    const conversation = await open(waId);
    expect(conversation.window_open).toBe(false);
    const gate = sb.app.get(ConversationWindowGate);
    expect(await gate.decideFreeForm(TEST_SECRETS.phoneNumberId, waId, clock.now())).toBe('closed');

    const refused = await reply(conversation.id, { text: 'Hi! Any questions?', client_request_id: 'r1' }).expect(422);
    expect(refused.body.error).toBe('window_closed');
    // A template is always allowed.
    const template = await reply(conversation.id, { template: templatePayload().template, client_request_id: 't1' }).expect(201);
    await settled(template.body.message.id);

    const hello = await inbound(sb, sb.sim.customer(waId).sendText('hello, is my order on its way?'));
    expect(hello.conversation_id).toBe(conversation.id);
    expect(await gate.decideFreeForm(TEST_SECRETS.phoneNumberId, waId, clock.now())).toBe('open');
    const thread = (await sb.api().get(`/v1/conversations/${conversation.id}`).expect(200)).body.conversation;
    expect(new Date(thread.window_open_until).getTime()).toBe(new Date(String(hello.timestamp)).getTime() + DAY);

    const sent = await reply(conversation.id, { text: 'Yes, it ships Friday.', reply_to: hello.id, client_request_id: 'r2' }).expect(201);
    expect(sent.body.message).toMatchObject({
      purpose: 'agent_reply',
      to: `+${waId}`,
      payload: { type: 'text', text: { body: 'Yes, it ships Friday.' }, context: { message_id: hello.wamid } },
    });
    await settled(sent.body.message.id);
    expect(sendsOf(sent.body.message.id)).toBe(1);

    // 24 h later (Meta's and our clocks both move) the window has closed.
    sb.sim.clock.advance(DAY + 60_000);
    clock.advance(DAY + 60_000);
    expect(await gate.decideFreeForm(TEST_SECRETS.phoneNumberId, waId, clock.now())).toBe('closed');
    expect((await reply(conversation.id, { text: 'Anything else?', client_request_id: 'r3' }).expect(422)).body.error).toBe('window_closed');
    await reply(conversation.id, { template: templatePayload('44813').template, client_request_id: 't2' }).expect(201);
  });

  it('an agent reply double-submitted sends one message', async () => {
    const waId = '16505550202';
    const conversation = await open(waId);
    await inbound(sb, sb.sim.customer(waId).sendText('hi'));
    const body = { text: 'On it!', client_request_id: 'click-1' };
    const [a, b] = await Promise.all([reply(conversation.id, body), reply(conversation.id, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.message.id).toBe(b.body.message.id);
    // The Idempotency-Key header works the same way.
    const c = await sb.api().post(`/v1/conversations/${conversation.id}/replies`).set('Idempotency-Key', 'click-1').send({ text: 'On it!' }).expect(200);
    expect(c.body).toMatchObject({ deduplicated: true, message: { id: a.body.message.id } });
    await settled(a.body.message.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendsOf(a.body.message.id)).toBe(1);
  });

  it('replies validate their body: one of text or template, reply_to within the thread', async () => {
    const conversation = await open('16505550203');
    expect((await reply(conversation.id, {}).expect(400)).body.error).toBe('validation_failed');
    await reply(conversation.id, { text: 'a', template: templatePayload().template }).expect(400);
    await reply(conversation.id, { template: templatePayload().template, reply_to: 'wamid.nope' }).expect(400);
    await sb.api().post('/v1/conversations/00000000-0000-0000-0000-000000000000/replies').send({ text: 'x' }).expect(404);
    const list = (await sb.api().get('/v1/conversations').expect(200)).body.data.map((c: { id: string }) => c.id);
    expect(list).toContain(conversation.id);
  });
});
