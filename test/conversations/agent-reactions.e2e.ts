import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { inbound, sendTo } from './conversation-support.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * An agent reacts to a message of a thread: Meta's reaction message, through the outbox like a
 * reply (a row, a state, once per client request), to the customer's wamid or to ours, only inside
 * the 24 h window; an empty emoji takes it back.
 */
describe('reactions from the agent', () => {
  let sb: Sendbook;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 }, app: { clock, env: { PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0' } } });
  });
  afterAll(() => sb.close());

  const react = (id: string, body: Record<string, unknown>) => sb.api().post(`/v1/conversations/${id}/reactions`).send(body);
  /** What the simulator (Meta) received for the outbound row `id`. */
  const atMeta = async (id: string) => {
    let found: Record<string, unknown> | undefined;
    await waitFor(
      () => {
        found = sb.sim.ledger().find((e) => e.bizOpaqueCallbackData === id)?.body;
        return found !== undefined;
      },
      { what: `reaction ${id} at the simulator` },
    );
    return found!;
  };

  it('to a customer message: Meta gets type reaction with the customer’s wamid; a double click reacts once', async () => {
    const hello = await inbound(sb, sb.sim.customer('16505550801').sendText('Thanks for the quick delivery!'));
    const id = String(hello.conversation_id);
    const body = { message_id: hello.id, emoji: '👍', client_request_id: 'react-1' };
    const [a, b] = await Promise.all([react(id, body), react(id, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.message.id).toBe(b.body.message.id);
    expect(a.body.message).toMatchObject({
      purpose: 'agent_reaction',
      to: '+16505550801',
      payload: { type: 'reaction', reaction: { message_id: hello.wamid, emoji: '👍' } },
    });
    const sent = await atMeta(a.body.message.id);
    expect(sent).toMatchObject({ type: 'reaction', reaction: { message_id: hello.wamid, emoji: '👍' } });
    expect(sent.context).toBeUndefined();
    expect(sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === a.body.message.id)).toHaveLength(1);

    // By wamid works the same; an empty emoji takes the reaction back.
    const removed = await react(id, { message_id: hello.wamid, emoji: '', client_request_id: 'react-2' }).expect(201);
    expect(await atMeta(removed.body.message.id)).toMatchObject({ type: 'reaction', reaction: { message_id: hello.wamid, emoji: '' } });

    // The thread has them as outbound rows (the inbox shows each on the message it names).
    const thread = (await sb.api().get(`/v1/conversations/${id}`).expect(200)).body.timeline as { direction: string; message?: { id: string } }[];
    expect(thread.filter((e) => e.direction === 'outbound').map((e) => e.message!.id)).toEqual([a.body.message.id, removed.body.message.id]);
  });

  it('to one of ours WhatsApp accepted: Meta gets our wamid', async () => {
    const waId = '16505550802';
    const hello = await inbound(sb, sb.sim.customer(waId).sendText('Where is it?'));
    const ours = await sendTo(sb, waId, { type: 'text', text: { body: 'It left the warehouse today.' } }, 'order_update');
    const res = await react(String(hello.conversation_id), { message_id: ours.id, emoji: '❤️' }).expect(201);
    expect(await atMeta(res.body.message.id)).toMatchObject({ type: 'reaction', reaction: { message_id: ours.wamid, emoji: '❤️' } });
  });

  it('refuses what Meta would: not one emoji, a message of another thread or none, a reaction', async () => {
    const customer = sb.sim.customer('16505550803');
    const hello = await inbound(sb, customer.sendText('Hi'));
    const id = String(hello.conversation_id);
    const other = await inbound(sb, sb.sim.customer('16505550804').sendText('Not this thread'));
    const details = async (body: Record<string, unknown>) => (await react(id, body).expect(400)).body.details;
    expect(await details({ message_id: hello.id, emoji: 'ok' })).toEqual([{ field: 'emoji', message: 'must be one emoji, or empty to remove the reaction' }]);
    expect(await details({ message_id: hello.id, emoji: '👍👍' })).toEqual([expect.objectContaining({ field: 'emoji' })]);
    expect(await details({ message_id: other.id, emoji: '👍' })).toEqual([{ field: 'message_id', message: 'names no message of this conversation' }]);
    expect(await details({ message_id: 'wamid.unknown', emoji: '👍' })).toEqual([expect.objectContaining({ field: 'message_id' })]);
    // The customer's own reaction cannot be reacted to.
    const theirs = await inbound(sb, customer.react(hello.wamid as string, '😂'));
    expect(await details({ message_id: theirs.id, emoji: '👍' })).toEqual([
      { field: 'message_id', message: 'is a reaction itself: react to the message it reacts to' },
    ]);
    await sb.api().post('/v1/conversations/00000000-0000-4000-8000-000000000000/reactions').send({ message_id: hello.id, emoji: '👍' }).expect(404);
  });

  it('outside the 24 h window: 422 window_closed, nothing queued', async () => {
    const hello = await inbound(sb, sb.sim.customer('16505550805').sendText('See you next week'));
    const id = String(hello.conversation_id);
    clock.advance(DAY + 60_000);
    try {
      const refused = await react(id, { message_id: hello.id, emoji: '🙏' }).expect(422);
      expect(refused.body).toMatchObject({ error: 'window_closed', window_open_until: expect.any(String) });
    } finally {
      clock.advance(-(DAY + 60_000));
    }
    const rows = await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE purpose = 'agent_reaction' AND to_wa_id = '16505550805'`);
    expect(rows).toEqual([]);
  });
});
