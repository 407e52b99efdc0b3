import request from 'supertest';
import { connectSse, type SseClient } from '../events/sse-client.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';
import { inbound } from './conversation-support.js';

/**
 * Who is there: what each person says of themselves (availability, audited), whether an inbox tab
 * of theirs is open (online, then offline a grace period after the last tab closed), and who else
 * is in a thread and typing, told live to everyone.
 */
describe('presence: availability, online, who is in a thread', () => {
  let sb: Sendbook;
  let ana: { id: string; cookie: string };
  let ben: { id: string; cookie: string };
  const streams: SseClient[] = [];
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { PRESENCE_GRACE_MS: '1500' } } });
    for (const [name, set] of [
      ['Ana Agent', (v: typeof ana) => (ana = v)],
      ['Ben Agent', (v: typeof ben) => (ben = v)],
    ] as const) {
      const login = await createStaff(sb, 'agent', name);
      set({ id: login.id, cookie: await signIn(sb, login) });
    }
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await sb.close();
  });

  const as = (who: { cookie: string }) => asSession(sb, who.cookie);
  const tab = async (who: { cookie: string }) => {
    const stream = await connectSse(sb.url, { headers: { cookie: who.cookie } });
    streams.push(stream);
    return stream;
  };
  const teamMember = async (id: string) =>
    ((await as(ana).get('/v1/team').expect(200)).body.data as { id: string; availability: string; online: boolean }[]).find((m) => m.id === id)!;

  it('availability: set with PATCH /v1/auth/me, shown to the team, audited; anything else is a 400 naming it', async () => {
    const me = await as(ben).patch('/v1/auth/me').send({ availability: 'away' }).expect(200);
    expect(me.body.staff.availability).toBe('away');
    expect((await teamMember(ben.id)).availability).toBe('away');
    const refused = await as(ben).patch('/v1/auth/me').send({ availability: 'sleeping' }).expect(400);
    expect(refused.body.details).toEqual([{ field: 'availability', message: 'availability must be one of available, busy, away' }]);
    const trail = await sb.dataSource.query(`SELECT details FROM audit_events WHERE action = 'staff.availability_changed' AND subject_id = $1`, [ben.id]);
    expect(trail.map((r: { details: unknown }) => r.details)).toEqual([{ from: 'available', to: 'away' }]);
    await as(ben).patch('/v1/auth/me').send({ availability: 'available' }).expect(200);
  });

  it('online while an inbox tab is open, told live; offline a grace period after the last tab closed', async () => {
    const watcher = await tab(ana);
    expect((await teamMember(ben.id)).online).toBe(false);
    const bensTab = await tab(ben);
    await watcher.waitFor((e) => e.event === 'presence.changed' && e.data.staff_id === ben.id && e.data.online === true, 'Ben online');
    expect((await teamMember(ben.id)).online).toBe(true);
    // A second tab closing is not leaving: he stays online while one is open.
    const second = await tab(ben);
    second.close();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await teamMember(ben.id)).online).toBe(true);
    bensTab.close();
    await watcher.waitFor((e) => e.event === 'presence.changed' && e.data.staff_id === ben.id && e.data.online === false, 'Ben offline');
    expect((await teamMember(ben.id)).online).toBe(false);
  });

  it('two agents in one thread: each hears the other there, and typing; leaving is told too', async () => {
    const customer = sb.sim.customer('16505550801', { name: 'Dana' });
    const id = String((await inbound(sb, customer.sendText('Hi, is anyone there?'))).conversation_id);
    const anasTab = await tab(ana);
    const bensTab = await tab(ben);

    const first = await as(ana).post(`/v1/conversations/${id}/viewing`).send({}).expect(200);
    expect(first.body.viewers).toEqual([{ staff_id: ana.id, typing: false, until: expect.any(String) }]);
    await bensTab.waitFor((e) => e.event === 'conversation.viewers' && e.data.conversation_id === id, 'Ana in the thread, told to Ben');

    const both = await as(ben).post(`/v1/conversations/${id}/viewing`).send({ typing: true }).expect(200);
    expect(both.body.viewers.map((v: { staff_id: string; typing: boolean }) => [v.staff_id, v.typing])).toEqual([
      [ben.id, true],
      [ana.id, false],
    ]);
    const told = await anasTab.waitFor(
      (e) => e.event === 'conversation.viewers' && (e.data.viewers as { staff_id: string; typing: boolean }[]).some((v) => v.staff_id === ben.id && v.typing),
      'Ben typing, told to Ana',
    );
    expect(told.data.conversation_id).toBe(id);

    // The same again changes nothing anyone needs to hear.
    const before = anasTab.events.length;
    await as(ben).post(`/v1/conversations/${id}/viewing`).send({ typing: true }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(anasTab.events.slice(before).filter((e) => e.event === 'conversation.viewers')).toEqual([]);

    await request(sb.url).delete(`/v1/conversations/${id}/viewing`).set('Cookie', ben.cookie).set('Origin', sb.url).expect(200);
    await anasTab.waitFor(
      (e) => e.event === 'conversation.viewers' && (e.data.viewers as { staff_id: string }[]).every((v) => v.staff_id !== ben.id),
      'Ben left, told to Ana',
    );
    // An API key is nobody to see in a thread.
    await sb.api().post(`/v1/conversations/${id}/viewing`).send({}).expect(403);
    await waitFor(async () => (await as(ana).post(`/v1/conversations/00000000-0000-4000-8000-000000000000/viewing`).send({})).status === 404);
  });
});
