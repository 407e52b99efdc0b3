import { inbound, sendTo } from './conversation-support.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';

describe('the conversation list: views, counts, search, the window filter', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('mine, unassigned and all, with counts, search by name or number, and open windows', async () => {
    const dana = await createStaff(sb, 'agent', 'Dana');
    const other = await createStaff(sb, 'agent', 'Omar');
    const session = asSession(sb, await signIn(sb, dana));
    const ada = (await inbound(sb, sb.sim.customer('16505558801', { name: 'Ada Lovelace' }).sendText('hi'))).conversation_id as string;
    const bob = (await inbound(sb, sb.sim.customer('16505558802', { name: 'Bob Marley' }).sendText('hello'))).conversation_id as string;
    const cy = (await inbound(sb, sb.sim.customer('16505558803', { name: 'Cy Twombly' }).sendText('hey'))).conversation_id as string;
    // A thread opened by us has no inbound message, so its window is closed.
    const quiet = (await sb.api().post('/v1/conversations').send({ to: '+16505558804' }).expect(200)).body.conversation.id as string;

    await session.patch(`/v1/conversations/${ada}`).send({ assignee: dana.id }).expect(200);
    await session.patch(`/v1/conversations/${bob}`).send({ assignee: other.id }).expect(200);
    const ids = async (query: string) => (await session.get(`/v1/conversations?${query}`).expect(200)).body.data.map((c: { id: string }) => c.id).sort();

    expect(await ids('view=mine')).toEqual([ada]);
    expect(await ids('view=unassigned')).toEqual([cy, quiet].sort());
    expect(await ids('view=all')).toEqual([ada, bob, cy, quiet].sort());
    // Of each view, the threads with unread messages (the inbox's tab title): the quiet one has none.
    expect((await session.get('/v1/conversations/counts').expect(200)).body).toEqual({
      mine: 1,
      unassigned: 2,
      all: 4,
      unread: 3,
      unread_by_view: { mine: 1, unassigned: 1, all: 3 },
    });

    expect(await ids('q=lovel')).toEqual([ada]);
    expect(await ids('q=%2B1%20650-555-8802')).toEqual([bob]);
    expect(await ids('window=open')).toEqual([ada, bob, cy].sort());
    expect(await ids('view=unassigned&window=open')).toEqual([cy]);

    const assigned = (await session.get(`/v1/conversations/${ada}`).expect(200)).body.conversation;
    expect(assigned).toMatchObject({ assignee: dana.id, assignee_name: 'Dana' });
    const history = (await session.get(`/v1/conversations/${ada}/history`).expect(200)).body.data;
    expect(history).toEqual([
      expect.objectContaining({
        action: 'conversation.assigned',
        actor: `staff:${dana.id}`,
        actor_name: 'Dana',
        details: { from: null, to: dana.id, team_id: null, reason: 'by_hand' },
      }),
    ]);
  });

  it('refuses an assignee who is not an active staff member, naming the field', async () => {
    const c = (await inbound(sb, sb.sim.customer('16505558811').sendText('hi'))).conversation_id as string;
    const patch = (body: object) =>
      fetch(`${sb.url}/v1/conversations/${c}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const notAnId = await patch({ assignee: 'dana@shop.example' });
    expect(notAnId.status).toBe(400);
    expect(((await notAnId.json()) as { details: unknown }).details).toEqual([
      { field: 'assignee', message: "assignee must be a staff member's id (or null)" },
    ]);
    const gone = await createStaff(sb, 'agent');
    await sb.dataSource.query(`UPDATE staff SET active = false WHERE id = $1`, [gone.id]);
    const inactive = await patch({ assignee: gone.id });
    expect(inactive.status).toBe(400);
    expect(((await inactive.json()) as { details: unknown }).details).toEqual([{ field: 'assignee', message: 'is not an active staff member' }]);
    expect((await patch({ assignee: null })).status).toBe(200);
  });

  it('mine needs a person: an API key asking for it is told so', async () => {
    const res = await sb.api().get('/v1/conversations?view=mine');
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'view', message: 'mine needs a signed-in staff member' }]);
  });

  it('each row carries its newest message either way, never a note, and null in a thread with none', async () => {
    const ivy = sb.sim.customer('16505558821', { name: 'Ivy Last' });
    const thread = (await inbound(sb, ivy.sendText('first question'))).conversation_id as string;
    const row = async () =>
      ((await sb.api().get('/v1/conversations?q=Ivy%20Last').expect(200)).body.data as { id: string; last_message: Record<string, unknown> | null }[]).find(
        (c) => c.id === thread,
      )!;
    await inbound(sb, ivy.sendText('second question'));
    expect((await row()).last_message).toMatchObject({ direction: 'inbound', inbound: { text: 'second question', conversation_id: thread } });

    const sent = await sendTo(sb, ivy.waId, { type: 'text', text: { body: 'Here is the answer' } });
    expect((await row()).last_message).toMatchObject({ direction: 'outbound', message: { id: sent.id, payload: { text: { body: 'Here is the answer' } } } });
    // A private note is for the team: the row still shows what was said to the customer.
    await sb.api().post(`/v1/conversations/${thread}/notes`).send({ text: 'called her too' }).expect(201);
    expect((await row()).last_message).toMatchObject({ direction: 'outbound', message: { id: sent.id } });

    const quiet = (await sb.api().post('/v1/conversations').send({ to: '+16505558822' }).expect(200)).body.conversation.id as string;
    const quietRow = ((await sb.api().get('/v1/conversations?q=8822').expect(200)).body.data as { id: string; last_message: unknown }[]).find(
      (c) => c.id === quiet,
    )!;
    expect(quietRow.last_message).toBeNull();
  });
});
