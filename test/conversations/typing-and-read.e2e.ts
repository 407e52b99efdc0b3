import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { inbound } from './conversation-support.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the customer sees of an agent at WhatsApp: "typing…" while the agent types (Meta's typing
 * indicator, at most once per 20 s per conversation, never outside the 24 h window), and blue ticks
 * when the agent replies (the newest message marked read once, not again for the same message).
 */
describe('typing indicators and read receipts to the customer', () => {
  let sb: Sendbook;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 }, app: { clock } });
  });
  afterAll(() => sb.close());

  const typing = (id: string) => sb.api().post(`/v1/conversations/${id}/typing`).send({});
  const reply = (id: string, body: Record<string, unknown>) => sb.api().post(`/v1/conversations/${id}/replies`).send(body).expect(201);
  const typingAt = (wamid: string) => sb.sim.readReceipts().filter((r) => r.typingIndicator && r.messageId === wamid);
  const readsOf = (wamid: string) => sb.sim.readReceipts().filter((r) => !r.typingIndicator && r.messageId === wamid);

  it('typing shows under the customer’s newest message, once per 20 s however many keystrokes, tabs and agents', async () => {
    const customer = sb.sim.customer('16505550701');
    await inbound(sb, customer.sendText('Is it in stock?'));
    const newest = await inbound(sb, customer.sendText('The blue one'));
    const id = String(newest.conversation_id);

    const before = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => typing(id)));
    const sent = answers.filter((a) => a.status === 202);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ sent: true, reason: 'sent', message_wamid: newest.wamid });
    for (const throttled of answers.filter((a) => a.status !== 202)) {
      expect(throttled.status).toBe(200);
      expect(throttled.body).toMatchObject({ sent: false, reason: 'throttled', message_wamid: newest.wamid });
      // The next one may go 20 s after the one that went.
      const waitMs = Date.parse(throttled.body.next_at) - before;
      expect(waitMs).toBeGreaterThan(19_000);
      expect(waitMs).toBeLessThanOrEqual(21_000);
    }
    await waitFor(() => typingAt(newest.wamid as string).length === 1, { what: 'the typing indicator at the simulator' });
    // More typing a few seconds on: still the one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await typing(id).expect(200)).body.reason).toBe('throttled');
    expect(sb.sim.readReceipts().filter((r) => r.typingIndicator)).toEqual([
      expect.objectContaining({ messageId: newest.wamid, known: true, typingIndicator: true }),
    ]);

    // Another conversation has its own 20 s.
    const other = await inbound(sb, sb.sim.customer('16505550702').sendText('Hello'));
    expect((await typing(String(other.conversation_id)).expect(202)).body.sent).toBe(true);
    await waitFor(() => typingAt(other.wamid as string).length === 1, { what: 'the other conversation’s typing indicator' });
  });

  it('outside the 24 h window: 422 window_closed, and nothing reaches WhatsApp', async () => {
    const waId = '16505550703';
    const never = (
      await sb
        .api()
        .post('/v1/conversations')
        .send({ to: `+${waId}` })
        .expect(200)
    ).body.conversation;
    expect((await typing(never.id).expect(422)).body.error).toBe('window_closed');

    const old = await inbound(sb, sb.sim.customer('16505550704').sendText('Are you there?'));
    clock.advance(DAY + 60_000);
    try {
      const refused = await typing(String(old.conversation_id)).expect(422);
      expect(refused.body).toMatchObject({ error: 'window_closed', window_open_until: expect.any(String) });
    } finally {
      clock.advance(-(DAY + 60_000));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(typingAt(old.wamid as string)).toEqual([]);
    await sb.api().post('/v1/conversations/00000000-0000-4000-8000-000000000000/typing').send({}).expect(404);
  });

  it('a reply marks the customer’s newest message read, once; a newer message is marked by the next reply', async () => {
    const customer = sb.sim.customer('16505550705');
    await inbound(sb, customer.sendText('Hi'));
    const second = await inbound(sb, customer.sendText('When do you open?'));
    const id = String(second.conversation_id);

    await reply(id, { text: 'At nine.', client_request_id: 'read-1' });
    await waitFor(() => readsOf(second.wamid as string).length === 1, { what: 'the read receipt of the newest message' });
    // A second reply (and a template reply) to the same messages marks nothing again.
    await reply(id, { text: 'See you!', client_request_id: 'read-2' });
    await reply(id, { template: templatePayload('44899').template, client_request_id: 'read-3' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sb.sim.readReceipts().filter((r) => [second.wamid].includes(r.messageId))).toHaveLength(1);

    const third = await inbound(sb, customer.sendText('Thanks'));
    await reply(id, { text: 'You are welcome.', client_request_id: 'read-4' });
    await waitFor(() => readsOf(third.wamid as string).length === 1, { what: 'the newer message marked read' });
    expect(readsOf(third.wamid as string)[0]).toMatchObject({ known: true, typingIndicator: false });
  });

  it('typing marks the message read too (Meta’s typing call is a read receipt): the reply after it does not mark it again', async () => {
    const message = await inbound(sb, sb.sim.customer('16505550706').sendText('Can I change my order?'));
    const id = String(message.conversation_id);
    await typing(id).expect(202);
    await waitFor(() => typingAt(message.wamid as string).length === 1, { what: 'typing' });
    await reply(id, { text: 'Sure, what would you like?', client_request_id: 'after-typing' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sb.sim.readReceipts().filter((r) => r.messageId === message.wamid)).toEqual([expect.objectContaining({ typingIndicator: true })]);
  });
});

describe('MARK_READ_ON_REPLY=false', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { MARK_READ_ON_REPLY: 'false' } } });
  });
  afterAll(() => sb.close());

  it('a reply leaves the customer’s messages unread at WhatsApp', async () => {
    const message = await inbound(sb, sb.sim.customer('16505550707').sendText('Hello'));
    await sb
      .api()
      .post(`/v1/conversations/${String(message.conversation_id)}/replies`)
      .send({ text: 'Hi!', client_request_id: 'no-read' })
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sb.sim.readReceipts()).toEqual([]);
  });
});
