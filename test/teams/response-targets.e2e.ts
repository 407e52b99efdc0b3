import request from 'supertest';
import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { inbound } from '../conversations/conversation-support.js';
import { connectSse, type SseClient } from '../events/sse-client.js';
import { FAST_DELIVERY_ENV, Receiver } from '../integrator-events/receiver.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

const TEAM_WORK = { ...FAST_DELIVERY_ENV, TEAM_WORK_INTERVAL_MS: '100', PRESENCE_GRACE_MS: '3600000' };
const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface ConversationResource {
  id: string;
  assignee: string | null;
  response: { waiting_for: string; waiting_since: string; due_at: string | null; breached_at: string | null } | null;
}

/**
 * Response targets: a customer unanswered past their team's first-response target becomes a
 * `waiting_customer` work item with one `conversation.sla_breached` event, the reply resolves it,
 * and outside business hours the clock stops. The app's clock is moved instead of waiting.
 */
describe('response targets: breach, resolution, business hours', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  const clock = new AdjustableClock();
  let ana: { id: string; cookie: string };
  let teamId: string;
  const streams: SseClient[] = [];
  const admin = (t: request.Test) => t.set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);

  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: TEAM_WORK, clock } });
    const login = await createStaff(sb, 'agent', 'Ana Agent');
    ana = { id: login.id, cookie: await signIn(sb, login) };
    await admin(request(sb.url).post('/v1/event-endpoints'))
      .send({ url: receiver.url, events: ['conversation.sla_breached', 'conversation.assigned', 'work_item.opened', 'work_item.resolved'] })
      .expect(201);
    const team = await admin(request(sb.url).post('/v1/teams'))
      .send({
        name: 'Support',
        member_ids: [ana.id],
        phone_number_ids: [TEST_SECRETS.phoneNumberId],
        targets: { first_response_seconds: 20, next_response_seconds: 60 },
      })
      .expect(201);
    teamId = team.body.team.id;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await sb?.close();
    await receiver?.close();
  });

  const conversation = async (id: string): Promise<ConversationResource> =>
    (await asSession(sb, ana.cookie).get(`/v1/conversations/${id}`).expect(200)).body.conversation;
  const audit = async (id: string, action: string) =>
    (await sb.dataSource.query(`SELECT details FROM audit_events WHERE subject_id = $1 AND action = $2 ORDER BY at, id`, [id, action])).map(
      (r: { details: Record<string, unknown> }) => r.details,
    );

  it('unanswered past 20 s: a breach, one event, a work item; the reply resolves it', async () => {
    const c = (await inbound(sb, sb.sim.customer('16505557001', { name: 'Wendy Waiting' }).sendText('where is my parcel?'))).conversation_id as string;
    const started = await conversation(c);
    expect(started.response).toMatchObject({ waiting_for: 'first_response', breached_at: null });
    expect(Date.parse(started.response!.due_at!) - Date.parse(started.response!.waiting_since)).toBe(20_000);

    clock.advance(15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await conversation(c)).response!.breached_at).toBeNull();

    clock.advance(6_000);
    await waitFor(async () => (await conversation(c)).response?.breached_at != null, { what: 'the breach marked' });
    await waitFor(() => receiver.accepted().some((r) => r.event.type === 'work_item.opened'), { what: 'the work item event delivered' });
    // Passes keep running: still one breach.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const breached = receiver.accepted().filter((r) => r.event.type === 'conversation.sla_breached');
    expect(breached).toHaveLength(1);
    expect(breached[0]!.event.data).toMatchObject({
      conversation: { id: c, contact: { wa_id: '16505557001', name: 'Wendy Waiting' } },
      response: { waiting_for: 'first_response' },
      team_id: teamId,
      assignee: null,
    });
    expect(receiver.accepted().find((r) => r.event.type === 'work_item.opened')!.event.data).toMatchObject({
      work_item: { kind: 'waiting_customer', id: c, state: 'open' },
    });
    expect(await audit(c, 'conversation.sla_breached')).toHaveLength(1);

    clock.advance(4_000);
    await asSession(sb, ana.cookie).post(`/v1/conversations/${c}/replies`).send({ text: 'On its way, sorry for the wait!' }).expect(201);
    const answered = await conversation(c);
    expect(answered.response).toBeNull();
    // 25 s moved on the clock, plus the real seconds the test took.
    const [replied] = await audit(c, 'conversation.replied');
    expect(replied).toMatchObject({ agent: ana.id, team_id: teamId, waiting_for: 'first_response', breached: true });
    expect(replied.waited_seconds).toBeGreaterThanOrEqual(25);
    expect(replied.waited_seconds).toBeLessThan(60);
    expect(replied.wall_seconds).toBe(replied.waited_seconds);
    expect(await audit(c, 'conversation.sla_resolved')).toEqual([
      expect.objectContaining({ reason: 'replied', by: ana.id, waited_seconds: replied.waited_seconds }),
    ]);
    await waitFor(() => receiver.accepted().some((r) => r.event.type === 'work_item.resolved'), { what: 'the work item resolved event' });

    // The customer writes again: the next wait is for the next response (60 s), not breached.
    await inbound(sb, sb.sim.customer('16505557001').sendText('thanks! and the invoice?'));
    const next = await conversation(c);
    expect(next.response).toMatchObject({ waiting_for: 'next_response', breached_at: null });
    expect(Date.parse(next.response!.due_at!) - Date.parse(next.response!.waiting_since)).toBe(60_000);
  });

  it('outside business hours the clock stops: due at the opening plus the target, no breach meanwhile', async () => {
    // Closed today and tomorrow (holidays), open all day after: the target starts at the next midnight but one (UTC).
    const today = Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS;
    const allDay = [['00:00', '24:00']];
    await admin(request(sb.url).patch(`/v1/teams/${teamId}`))
      .send({
        business_hours: {
          time_zone: 'UTC',
          weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
          holidays: [isoDate(today), isoDate(today + DAY_MS)],
        },
      })
      .expect(200);
    const c = (await inbound(sb, sb.sim.customer('16505557002', { name: 'Nora Night' }).sendText('hello, anyone?'))).conversation_id as string;
    const waiting = await conversation(c);
    expect(waiting.response!.due_at).toBe(new Date(today + 2 * DAY_MS + 20_000).toISOString());

    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await conversation(c)).response!.breached_at).toBeNull();
    expect(await audit(c, 'conversation.sla_breached')).toEqual([]);

    // Answered an hour later (all of it closed time): no business seconds waited, no breach.
    clock.advance(3_600_000);
    await asSession(sb, ana.cookie).post(`/v1/conversations/${c}/replies`).send({ text: 'Good morning! We are back soon.' }).expect(201);
    expect(await audit(c, 'conversation.replied')).toEqual([expect.objectContaining({ waited_seconds: 0, breached: false })]);
  });

  it('an assignee silent past the reassignment time loses the conversation to another member with room', async () => {
    const ben = await createStaff(sb, 'agent', 'Ben Agent');
    const benCookie = await signIn(sb, ben);
    for (const cookie of [ana.cookie, benCookie]) streams.push(await connectSse(sb.url, { headers: { cookie } }));
    await admin(request(sb.url).patch(`/v1/teams/${teamId}`))
      .send({ member_ids: [ana.id, ben.id], assignment: { mode: 'round_robin', max_open: 5, reassign_after_minutes: 1 }, business_hours: null })
      .expect(200);
    const c = (await inbound(sb, sb.sim.customer('16505557003', { name: 'Sam Slow' }).sendText('can someone help?'))).conversation_id as string;
    await waitFor(async () => (await conversation(c)).assignee !== null, { what: 'the conversation assigned' });
    const first = (await conversation(c)).assignee!;

    clock.advance(61_000);
    await waitFor(async () => (await conversation(c)).assignee !== first, { what: 'the conversation taken from its silent assignee' });
    const second = (await conversation(c)).assignee!;
    expect([ana.id, ben.id]).toContain(second);
    const assigned = await audit(c, 'conversation.assigned');
    expect(assigned).toEqual([
      expect.objectContaining({ from: null, to: first, reason: 'auto', team_id: teamId }),
      expect.objectContaining({ from: first, to: second, reason: 'unanswered', team_id: teamId }),
    ]);
    // Integrators hear each assignment, in order, with the conversation as it became.
    await waitFor(
      () => receiver.accepted().filter((r) => r.event.type === 'conversation.assigned' && (r.event.data.conversation as { id: string }).id === c).length === 2,
      {
        what: 'both conversation.assigned events delivered',
      },
    );
    const events = receiver.accepted().filter((r) => r.event.type === 'conversation.assigned' && (r.event.data.conversation as { id: string }).id === c);
    expect(events.map((e) => e.event.data.assignment)).toEqual([
      { from: null, to: first, reason: 'auto', team_id: teamId },
      { from: first, to: second, reason: 'unanswered', team_id: teamId },
    ]);
    expect(events[1]!.event.data.conversation).toMatchObject({ assignee: second, contact: { wa_id: '16505557003', name: 'Sam Slow' } });
  });
});
