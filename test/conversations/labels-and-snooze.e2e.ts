import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { SnoozeWaker } from '../../apps/api/src/modules/conversations/snooze-waker.service.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { inbound } from './conversation-support.js';

const HOUR = 3_600_000;

describe('labels and snooze: replaced and normalised, the list filters by them, snoozed threads wait out of Open and wake', () => {
  let sb: Sendbook;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    sb = await startSendbook({ app: { clock } });
  });
  afterAll(async () => {
    await sb?.close();
  });

  type TrailRow = { actor: string; action: string; details: Record<string, unknown> };
  const trail = async (id: string): Promise<TrailRow[]> =>
    (
      await sb.dataSource.query(`SELECT actor, action, details FROM audit_events WHERE subject_type = 'conversation' AND subject_id = $1 ORDER BY at, id`, [id])
    ).map((r: { actor: string; action: string; details: Record<string, unknown> }) => ({ ...r }));

  it('labels: the whole set replaced, normalised, validated by index, audited; the list filters by one; labels in use are counted', async () => {
    const dana = await createStaff(sb, 'agent', 'Dana');
    const session = asSession(sb, await signIn(sb, dana));
    const ada = (await inbound(sb, sb.sim.customer('16505557701', { name: 'Ada' }).sendText('my invoice is wrong'))).conversation_id as string;
    const bob = (await inbound(sb, sb.sim.customer('16505557702', { name: 'Bob' }).sendText('hello'))).conversation_id as string;

    const put = (id: string, labels: unknown) => session.put(`/v1/conversations/${id}/labels`).send({ labels });
    const set = await put(ada, ['  Billing ', 'VIP', 'vip', 'Follow   up']).expect(200);
    expect(set.body.conversation.labels).toEqual(['billing', 'vip', 'follow up']);
    await put(bob, ['billing']).expect(200);

    // Each bad item is named by its index; nothing changes.
    const bad = await put(ada, ['ok', 'x'.repeat(41), '   ']).expect(400);
    expect(JSON.stringify(bad.body)).toContain('labels[1]');
    expect(JSON.stringify(bad.body)).toContain('labels[2]');
    const tooMany = await put(
      ada,
      Array.from({ length: 21 }, (_, i) => `l${i}`),
    ).expect(400);
    expect(JSON.stringify(tooMany.body)).toContain('at most 20');
    await put(ada, 'billing').expect(400);
    expect((await session.get(`/v1/conversations/${ada}`).expect(200)).body.conversation.labels).toEqual(['billing', 'vip', 'follow up']);

    const ids = async (query: string) => (await session.get(`/v1/conversations?${query}`).expect(200)).body.data.map((c: { id: string }) => c.id).sort();
    expect(await ids('label=billing')).toEqual([ada, bob].sort());
    expect(await ids('label=%20VIP')).toEqual([ada]);
    expect(await ids('label=nobody')).toEqual([]);
    const row = (await session.get('/v1/conversations?label=vip').expect(200)).body.data[0];
    expect(row.labels).toEqual(['billing', 'vip', 'follow up']);

    expect((await session.get('/v1/conversations/labels').expect(200)).body.data.slice(0, 3)).toEqual([
      { label: 'billing', conversations: 2, open: 2 },
      { label: 'follow up', conversations: 1, open: 1 },
      { label: 'vip', conversations: 1, open: 1 },
    ]);

    // Replacing: the same set again changes (and records) nothing; removing one is recorded.
    await put(ada, ['VIP', 'billing', 'follow up']).expect(200);
    await put(ada, ['vip']).expect(200);
    expect(await ids('label=billing')).toEqual([bob]);
    expect((await trail(ada)).filter((e) => e.action === 'conversation.labels_changed')).toEqual([
      {
        actor: `staff:${dana.id}`,
        action: 'conversation.labels_changed',
        details: { labels: { from: [], to: ['billing', 'vip', 'follow up'] }, added: ['billing', 'vip', 'follow up'], removed: [] },
      },
      {
        actor: `staff:${dana.id}`,
        action: 'conversation.labels_changed',
        details: { labels: { from: ['billing', 'vip', 'follow up'], to: ['vip'] }, added: [], removed: ['billing', 'follow up'] },
      },
    ]);
    await session.put('/v1/conversations/00000000-0000-4000-8000-000000000000/labels').send({ labels: [] }).expect(404);
  });

  it('snooze until a time: out of Open, listed under snoozed, woken by the periodic task once the time passes', async () => {
    const cy = (await inbound(sb, sb.sim.customer('16505557703', { name: 'Cy' }).sendText('I will check and come back'))).conversation_id as string;
    const ids = async (query: string) => (await sb.api().get(`/v1/conversations?${query}`).expect(200)).body.data.map((c: { id: string }) => c.id);
    const before = (await sb.api().get('/v1/conversations/counts').expect(200)).body.all as number;

    await sb.api().post(`/v1/conversations/${cy}/snooze`).send({ until: 'tomorrow' }).expect(400);
    await sb
      .api()
      .post(`/v1/conversations/${cy}/snooze`)
      .send({ until: new Date(clock.now().getTime() - 1000).toISOString() })
      .expect(400);
    const until = new Date(clock.now().getTime() + HOUR).toISOString();
    const snoozed = (await sb.api().post(`/v1/conversations/${cy}/snooze`).send({ until }).expect(200)).body.conversation;
    expect(snoozed.state).toBe('open');
    expect(snoozed.snooze).toMatchObject({ until, until_customer_reply: false });

    expect(await ids('state=open')).not.toContain(cy);
    expect(await ids('state=snoozed')).toContain(cy);
    expect(await ids('')).toContain(cy);
    expect((await sb.api().get('/v1/conversations/counts').expect(200)).body.all).toBe(before - 1);

    const waker = sb.app.get(SnoozeWaker);
    clock.advance(HOUR - 1000);
    await waker.wakeDue();
    expect(await ids('state=snoozed')).toContain(cy);

    clock.advance(1000);
    expect(await waker.wakeDue()).toBeGreaterThanOrEqual(1);
    expect((await sb.api().get(`/v1/conversations/${cy}`).expect(200)).body.conversation.snooze).toBeNull();
    expect(await ids('state=open')).toContain(cy);
    expect(await ids('state=snoozed')).not.toContain(cy);
    expect((await trail(cy)).map((e) => [e.action, e.details])).toEqual([
      ['conversation.snoozed', { until, until_customer_reply: false }],
      ['conversation.woken', { reason: 'time_passed', until }],
    ]);
  });

  it('snooze until the customer replies: time does not wake it, the customer writing does; by hand too; a closed thread cannot be snoozed', async () => {
    const waId = '16505557704';
    const eve = await createStaff(sb, 'agent', 'Eve');
    let session = asSession(sb, await signIn(sb, eve));
    const dee = (await inbound(sb, sb.sim.customer(waId, { name: 'Dee' }).sendText('let me ask my boss'))).conversation_id as string;
    const ids = async (query: string) => (await sb.api().get(`/v1/conversations?${query}`).expect(200)).body.data.map((c: { id: string }) => c.id);

    const snoozed = (await session.post(`/v1/conversations/${dee}/snooze`).send({ until: 'customer_reply' }).expect(200)).body.conversation;
    expect(snoozed.snooze).toMatchObject({ until: null, until_customer_reply: true });
    clock.advance(30 * 24 * HOUR);
    await sb.app.get(SnoozeWaker).wakeDue();
    session = asSession(sb, await signIn(sb, eve)); // a month later: signed in again
    expect(await ids('state=snoozed')).toContain(dee);
    expect(await ids('state=open')).not.toContain(dee);

    await inbound(sb, sb.sim.customer(waId).sendText('boss says yes'));
    const woken = (await sb.api().get(`/v1/conversations/${dee}`).expect(200)).body.conversation;
    expect(woken.snooze).toBeNull();
    expect(await ids('state=open')).toContain(dee);

    // By hand: DELETE wakes it; again changes nothing.
    await session.post(`/v1/conversations/${dee}/snooze`).send({ until: 'customer_reply' }).expect(200);
    expect((await session.delete(`/v1/conversations/${dee}/snooze`).expect(200)).body.conversation.snooze).toBeNull();
    await session.delete(`/v1/conversations/${dee}/snooze`).expect(200);

    const by = `staff:${eve.id}`;
    expect((await trail(dee)).map((e) => [e.actor, e.action, e.details])).toEqual([
      [by, 'conversation.snoozed', { until: null, until_customer_reply: true }],
      ['webhook', 'conversation.woken', { reason: 'customer_wrote' }],
      [by, 'conversation.snoozed', { until: null, until_customer_reply: true }],
      [by, 'conversation.woken', { reason: 'by_hand', until: null }],
    ]);

    // Closing ends a snooze; a closed thread cannot be snoozed.
    await session.post(`/v1/conversations/${dee}/snooze`).send({ until: 'customer_reply' }).expect(200);
    expect((await session.patch(`/v1/conversations/${dee}`).send({ state: 'closed' }).expect(200)).body.conversation.snooze).toBeNull();
    await session.post(`/v1/conversations/${dee}/snooze`).send({ until: 'customer_reply' }).expect(400);
  });
});
