import { InboundService } from '../../apps/api/src/modules/conversations/inbound.service.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed, postWebhook } from '../webhooks/webhook-support.js';
import { buttonsPayload, inbound, reminderPayload, REPLY_PURPOSE, sendTo } from './conversation-support.js';

describe('conversations: every customer reply is stored and tied to what it answers', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 }, app: { env: { CONVERSATION_REPLY_PURPOSES: REPLY_PURPOSE } } });
  });
  afterAll(() => sb.close());

  const workItems = async () =>
    (await sb.api().get('/v1/work-items?kind=unattributed_inbound').expect(200)).body.data as Array<{ id: string; reason: string; actions: string[] }>;

  it('three messages to one customer; she answers "yes" quoting the second: attributed to the second', async () => {
    const waId = '16505550101';
    const sent = [];
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) sent.push(await sendTo(sb, waId, reminderPayload(day)));
    const [, second] = sent;
    const wamid = sb.sim.customer(waId, { name: 'Dana' }).sendText('yes', { contextWamid: second!.wamid });

    const reply = await inbound(sb, wamid);
    expect(reply).toMatchObject({
      from: waId,
      type: 'text',
      text: 'yes',
      context_wamid: second!.wamid,
      attribution: 'message',
      attribution_reason: 'context_outbound',
      message_id: second!.id,
    });
    expect(reply.conversation_id).toEqual(expect.any(String));
    const replies = await sb.app.get(InboundService).repliesFor(sent.map((s) => s.id));
    expect(sent.map((s) => replies.get(s.id))).toEqual([[], [reply.id], []]);

    // The thread shows both directions, the contact by name, and the window her message opened.
    const thread = (
      await sb
        .api()
        .get(`/v1/conversations/${reply.conversation_id as string}`)
        .expect(200)
    ).body;
    expect(thread.conversation).toMatchObject({ contact: { wa_id: waId, name: 'Dana' }, state: 'open', unread_count: 1, window_open: true });
    expect(thread.timeline.map((e: { direction: string }) => e.direction)).toEqual(['outbound', 'outbound', 'outbound', 'inbound']);
    expect(thread.timeline[3].inbound.id).toBe(reply.id);
  });

  it('she answers without quoting while three await an answer: stored once, unattributed, a work item; resolved by hand, audited', async () => {
    const waId = '16505550102';
    const sent = [];
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) sent.push(await sendTo(sb, waId, reminderPayload(day)));
    const wamid = sb.sim.customer(waId).sendText('yes');

    const reply = await inbound(sb, wamid);
    expect(reply).toMatchObject({ attribution: 'unattributed', attribution_reason: 'several_awaiting', message_id: null });
    expect(reply.conversation_id).toEqual(expect.any(String));
    await waitFor(() => allProcessed(sb.dataSource));
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM inbound_messages WHERE wamid = $1`, [wamid]))[0].n)).toBe(1);
    expect((await workItems()).filter((w) => w.id === reply.id)).toEqual([expect.objectContaining({ reason: 'several_awaiting', actions: ['attribute'] })]);
    const listed = (await sb.api().get('/v1/inbound?attribution=unattributed').expect(200)).body.data.map((m: { id: string }) => m.id);
    expect(listed).toContain(reply.id);

    // A person decides: the third message.
    await sb.api().post(`/v1/inbound/${reply.id}/attribute`).send({ message_id: sent[2]!.id, note: 'she meant Wednesday' }).expect(200);
    const resolved = (await sb.api().get(`/v1/inbound/${reply.id}`).expect(200)).body.inbound;
    expect(resolved).toMatchObject({ attribution: 'message', attribution_reason: 'manual', message_id: sent[2]!.id, conversation_id: reply.conversation_id });
    expect((await workItems()).some((w) => w.id === reply.id)).toBe(false);
    const history = (await sb.api().get(`/v1/inbound/${reply.id}/history`).expect(200)).body.data;
    expect(history).toEqual([
      expect.objectContaining({
        actor: await sb.keyActor(),
        note: 'she meant Wednesday',
        before: expect.objectContaining({ attribution: 'unattributed' }),
        after: expect.objectContaining({ attribution: 'message', message_id: sent[2]!.id }),
      }),
    ]);
    expect((await sb.app.get(InboundService).repliesFor([sent[2]!.id])).get(sent[2]!.id)).toEqual([reply.id]);
    // Naming a message sent to someone else is refused.
    const other = await sendTo(sb, '16505550199', reminderPayload());
    await sb.api().post(`/v1/inbound/${reply.id}/attribute`).send({ message_id: other.id }).expect(400);
  });

  it('with exactly one message awaiting an answer, an unquoted reply is linked to it', async () => {
    const waId = '16505550103';
    const only = await sendTo(sb, waId, reminderPayload());
    const reply = await inbound(sb, sb.sim.customer(waId).sendText('see you then'));
    expect(reply).toMatchObject({ attribution: 'conversation', attribution_reason: 'single_awaiting', message_id: only.id });
    // Once answered it no longer awaits: the next unquoted message just joins the thread.
    const next = await inbound(sb, sb.sim.customer(waId).sendText('also, can I park there?'));
    expect(next).toMatchObject({ attribution: 'conversation', attribution_reason: 'none_awaiting', message_id: null, conversation_id: reply.conversation_id });
  });

  it('button reply and template quick reply give the right choice.id; the same inbound delivered twice is one row', async () => {
    const waId = '16505550104';
    const customer = sb.sim.customer(waId);
    const hello = await inbound(sb, customer.sendText('hi, about my booking'));
    const buttons = await sendTo(sb, waId, buttonsPayload('Confirm Monday 9am?'), 'booking_question');
    const tapped = await inbound(sb, customer.reply(buttons.wamid, 'Yes'));
    expect(tapped).toMatchObject({
      type: 'interactive',
      choice: { id: 'confirm', title: 'Yes' },
      attribution: 'message',
      message_id: buttons.id,
      conversation_id: hello.conversation_id,
    });

    const reminder = await sendTo(sb, waId, reminderPayload());
    const quick = await inbound(sb, customer.tapQuickReply(reminder.wamid, 'reschedule-44812', 'No'));
    expect(quick).toMatchObject({ type: 'button', choice: { id: 'reschedule-44812', title: 'No' }, attribution: 'message', message_id: reminder.id });

    // Meta delivers the same notification again: one row, one attribution, unread counted once.
    await waitFor(() => allProcessed(sb.dataSource));
    const before = (
      await sb
        .api()
        .get(`/v1/conversations/${hello.conversation_id as string}`)
        .expect(200)
    ).body.conversation.unread_count;
    const [delivery] = await sb.dataSource.query(`SELECT body FROM webhook_deliveries WHERE position($1::bytea in body) > 0 LIMIT 1`, [
      Buffer.from(String(quick.wamid)),
    ]);
    expect((await postWebhook(sb.url, delivery.body)).status).toBe(200);
    await waitFor(() => allProcessed(sb.dataSource));
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM inbound_messages WHERE wamid = $1`, [quick.wamid]))[0].n)).toBe(1);
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM inbound_attributions WHERE inbound_message_id = $1`, [quick.id]))[0].n)).toBe(1);
    expect(
      (
        await sb
          .api()
          .get(`/v1/conversations/${hello.conversation_id as string}`)
          .expect(200)
      ).body.conversation.unread_count,
    ).toBe(before);
  });

  it('context naming an unknown wamid: stored, unattributed, in the thread; a reaction attaches to the message it names', async () => {
    const waId = '16505550105';
    const customer = sb.sim.customer(waId);
    const reminder = await sendTo(sb, waId, reminderPayload());
    const stray = await inbound(sb, customer.sendText('what about this one?', { contextWamid: 'wamid.HBgLMTY1MDU1NTAxMDUVAgARGBJVTktOT1dOX0VMU0VXSEVSRQA=' }));
    expect(stray).toMatchObject({ attribution: 'unattributed', attribution_reason: 'context_unknown', message_id: null });
    expect(stray.conversation_id).toEqual(expect.any(String));
    expect((await workItems()).some((w) => w.id === stray.id)).toBe(true);
    const thread = (
      await sb
        .api()
        .get(`/v1/conversations/${stray.conversation_id as string}`)
        .expect(200)
    ).body;
    expect(thread.timeline.some((e: { inbound?: { id: string } }) => e.inbound?.id === stray.id)).toBe(true);

    // Quoting her own earlier message stays in the thread, not a work item.
    const own = await inbound(sb, customer.sendText('^ that', { contextWamid: String(stray.wamid) }));
    expect(own).toMatchObject({ attribution: 'conversation', attribution_reason: 'context_inbound', conversation_id: stray.conversation_id });

    const reaction = await inbound(sb, customer.react(reminder.wamid, '👍'));
    expect(reaction).toMatchObject({
      type: 'reaction',
      attribution: 'message',
      attribution_reason: 'reaction',
      message_id: reminder.id,
      reaction: { message_wamid: reminder.wamid, emoji: '👍' },
    });
    // A reaction is not an answer.
    expect((await sb.app.get(InboundService).repliesFor([reminder.id])).get(reminder.id)).toEqual([]);
  });
});
