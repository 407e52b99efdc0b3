import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { inbound, reminderPayload, REPLY_PURPOSE } from './conversation-support.js';

// 2026: a user with a username reaches the business by business-scoped user id (BSUID) only. Such a
// contact is first-class: agents answer it, and the reply goes out by `"recipient"`, never `to`.
describe('username users: known only by a business-scoped user id', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 }, app: { env: { CONVERSATION_REPLY_PURPOSES: REPLY_PURPOSE } } });
  });
  afterAll(() => sb.close());

  const reply = (id: string, body: Record<string, unknown>) => sb.api().post(`/v1/conversations/${id}/replies`).send(body);
  const conversationOf = async (id: string) => (await sb.api().get(`/v1/conversations/${id}`).expect(200)).body.conversation;
  const delivered = (id: string) =>
    waitFor(async () => ['delivered', 'read'].includes((await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message.state), {
      what: `message ${id} delivered`,
    });

  it('a username-only customer writes, an agent replies, the simulator receives it by recipient', async () => {
    const bsuid = 'US.13491208655302741918';
    const customer = sb.sim.customer('16505550301', { name: 'Sheena Nelson', userId: bsuid, username: 'sheena' });
    const hello = await inbound(sb, customer.sendText('Hi, where is my order?'));
    expect(hello).toMatchObject({ from: null, from_user_id: bsuid });
    const thread = await conversationOf(String(hello.conversation_id));
    expect(thread.contact).toMatchObject({ wa_id: null, user_id: bsuid, name: 'Sheena Nelson' });
    expect(thread.window_open).toBe(true);

    const sent = await reply(thread.id, { text: 'It ships today.', reply_to: hello.id, client_request_id: 'u1' }).expect(201);
    expect(sent.body.message).toMatchObject({ purpose: 'agent_reply', to: bsuid });
    await delivered(sent.body.message.id);

    const [received] = sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === sent.body.message.id);
    expect(received).toMatchObject({
      to: '16505550301',
      recipientUserId: bsuid,
      body: { recipient: bsuid, type: 'text', text: { body: 'It ships today.' }, context: { message_id: hello.wamid } },
    });
    expect(received?.body).not.toHaveProperty('to');

    // The thread shows the reply next to the message it answers.
    const timeline = (await sb.api().get(`/v1/conversations/${thread.id}/timeline`).expect(200)).body.data as Array<{
      direction: string;
      message?: { id: string };
    }>;
    expect(timeline.map((e) => e.direction)).toEqual(['inbound', 'outbound']);
    expect(timeline[1]?.message?.id).toBe(sent.body.message.id);
  });

  it('POST /v1/messages takes recipient instead of to, exactly one of them, naming the field', async () => {
    const bsuid = 'US.22222222222222222222';
    sb.sim.customer('16505550302', { userId: bsuid, username: 'pablo' });
    const base = { purpose: 'order_shipped', payload: templatePayload() };
    const created = await sb
      .api()
      .post('/v1/messages')
      .send({ ...base, dedupe_key: 'bsuid-1', recipient: bsuid })
      .expect(201);
    expect(created.body.message.to).toBe(bsuid);
    await delivered(created.body.message.id);
    expect(sb.sim.ledger().find((e) => e.bizOpaqueCallbackData === created.body.message.id)).toMatchObject({ recipientUserId: bsuid });

    const both = await sb
      .api()
      .post('/v1/messages')
      .send({ ...base, dedupe_key: 'bsuid-2', recipient: bsuid, to: '+16505550302' })
      .expect(400);
    expect(JSON.stringify(both.body)).toContain('recipient');
    const bad = await sb
      .api()
      .post('/v1/messages')
      .send({ ...base, dedupe_key: 'bsuid-3', recipient: '16505550302' })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('recipient');
    const neither = await sb
      .api()
      .post('/v1/messages')
      .send({ ...base, dedupe_key: 'bsuid-4' })
      .expect(400);
    expect(JSON.stringify(neither.body)).toContain('"to"');
  });

  it('a contact first seen by user id only, later with both ids, stays one contact and one thread', async () => {
    const bsuid = 'US.33333333333333333333';
    const customer = sb.sim.customer('16505550303', { userId: bsuid, username: 'noa' });
    const first = await inbound(sb, customer.sendText('first, by username'));
    const sent = await reply(String(first.conversation_id), { text: 'Got it', client_request_id: 'm1' }).expect(201);
    await delivered(sent.body.message.id);

    // The user messages the business's number (or it is in their contacts): Meta now shows both ids.
    customer.update({ username: null });
    const second = await inbound(sb, customer.sendText('now with my number'));
    expect(second).toMatchObject({ from: '16505550303', from_user_id: bsuid });
    expect(second.conversation_id).toBe(first.conversation_id);
    const contacts = await sb.dataSource.query(`SELECT wa_id, user_id FROM contacts WHERE user_id = $1 OR wa_id = $2`, [
      'US.33333333333333333333',
      '16505550303',
    ]);
    expect(contacts).toEqual([{ wa_id: '16505550303', user_id: bsuid }]);

    // Replies now go by phone, and the earlier one sent by recipient stays in the thread.
    const byPhone = await reply(String(first.conversation_id), { text: 'Thanks', client_request_id: 'm2' }).expect(201);
    expect(byPhone.body.message.to).toBe('+16505550303');
    await delivered(byPhone.body.message.id);
    const timeline = (
      await sb
        .api()
        .get(`/v1/conversations/${String(first.conversation_id)}/timeline`)
        .expect(200)
    ).body.data as Array<{ direction: string }>;
    expect(timeline.map((e) => e.direction)).toEqual(['inbound', 'outbound', 'inbound', 'outbound']);
  });

  it('an unquoted answer from a username user is tied to the one message sent to it by recipient', async () => {
    const bsuid = 'US.44444444444444444444';
    const customer = sb.sim.customer('16505550304', { userId: bsuid, username: 'kenji' });
    const asked = await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: 'bsuid-reminder', recipient: bsuid, purpose: REPLY_PURPOSE, payload: reminderPayload() })
      .expect(201);
    await delivered(asked.body.message.id);
    const answer = await inbound(sb, customer.sendText('see you then'));
    expect(answer).toMatchObject({
      from: null,
      from_user_id: bsuid,
      attribution: 'conversation',
      attribution_reason: 'single_awaiting',
      message_id: asked.body.message.id,
    });
  });
});
