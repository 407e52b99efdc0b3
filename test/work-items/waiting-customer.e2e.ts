import { inbound } from '../conversations/conversation-support.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn, type StaffLogin } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

interface Item {
  id: string;
  since: string;
  actions: string[];
  assignee: string | null;
  breached_at: string;
  waited_seconds: number;
  resolution: { action: string; actor: string; actor_name: string } | null;
}

/**
 * The `waiting_customer` queue on the real flow: a team with a 10 s first-response target on the
 * simulator's number, customers who write and are left unanswered until the worker marks the
 * breach, then a reply and a close that end the waits (read back from their audit rows).
 */
describe('work queue waiting_customer: customers waiting past the response target', () => {
  let sb: Sendbook;
  let ana: StaffLogin;
  let agent: ReturnType<typeof asSession>;
  let teamId: string;
  beforeAll(async () => {
    // The worker looks for missed targets every 100 ms.
    sb = await startSendbook({ app: { env: { TEAM_WORK_INTERVAL_MS: '100' } } });
    ana = await createStaff(sb, 'agent', 'Ana Agent');
    agent = asSession(sb, await signIn(sb, ana));
    teamId = (
      await sb
        .api()
        .post('/v1/teams')
        .send({ name: 'Support', member_ids: [ana.id], phone_number_ids: [TEST_SECRETS.phoneNumberId], targets: { first_response_seconds: 10 } })
        .expect(201)
    ).body.team.id;
  });
  afterAll(() => sb?.close());

  const queue = async (query = ''): Promise<{ data: Item[]; next_cursor: string | null } & Record<string, unknown>> =>
    (await agent.get(`/v1/work-items?kind=waiting_customer&${query}`).expect(200)).body;
  const ids = (page: { data: Item[] }) => page.data.map((w) => w.id);

  let dana: string;
  let eli: string;

  it('a customer unanswered past the 10 s target becomes an item, oldest breach first: customer, team, who holds it, the wait, the target', async () => {
    dana = (await inbound(sb, sb.sim.customer('16505550701', { name: 'Dana Levi' }).sendText('Hello? Where is my order?'))).conversation_id as string;
    eli = (await inbound(sb, sb.sim.customer('16505550702', { name: 'Eli Cohen' }).sendText('Can I change my address?'))).conversation_id as string;
    await waitFor(async () => ids(await queue()).length === 2, { what: 'both customers past their target', timeoutMs: 40_000, intervalMs: 250 });

    const page = await queue();
    expect(page).toMatchObject({ kind: 'waiting_customer', status: 'open', next_cursor: null });
    expect(new Set(ids(page))).toEqual(new Set([dana, eli]));
    const order = page.data.map((w) => [w.since, w.id].join(' '));
    expect(order).toEqual([...order].sort());
    const item = page.data.find((w) => w.id === dana)!;
    expect(item).toEqual({
      kind: 'waiting_customer',
      id: dana,
      since: expect.any(String),
      actions: ['assign_to_me'],
      conversation_id: dana,
      phone_number_id: TEST_SECRETS.phoneNumberId,
      contact: { id: expect.any(String), name: 'Dana Levi', wa_id: '16505550701', user_id: null },
      team: { id: teamId, name: 'Support' },
      assignee: null,
      assignee_name: null,
      waiting_for: 'first_response',
      waiting_since: expect.any(String),
      due_at: expect.any(String),
      breached_at: item.since,
      waited_seconds: expect.any(Number),
      resolution: null,
    });
    const raw = item as unknown as Record<string, string>;
    expect(Date.parse(raw.due_at!) - Date.parse(raw.waiting_since!)).toBe(10_000);
    expect(Date.parse(item.breached_at)).toBeGreaterThanOrEqual(Date.parse(raw.due_at!));
    // From the customer's message to now, by the API's clock.
    expect(item.waited_seconds).toBeGreaterThanOrEqual(10);

    const counts = (await agent.get('/v1/work-items/counts').expect(200)).body.waiting_customer;
    expect(counts).toEqual({ open: 2, oldest_since: page.data[0]!.since, oldest_age_seconds: expect.any(Number) });
  });

  it('pages by cursor, newest first on request, and filters by number and by how long since the target passed', async () => {
    const all = ids(await queue());
    const one = await queue('limit=1');
    expect(ids(one)).toEqual([all[0]]);
    const two = await queue(`limit=1&cursor=${one.next_cursor}`);
    expect(ids(two)).toEqual([all[1]]);
    expect(ids(await queue(`limit=1&cursor=${two.next_cursor}`))).toEqual([]);
    expect(ids(await queue('sort=newest'))).toEqual([...all].reverse());
    expect(ids(await queue('older_than=1d'))).toEqual([]);
    expect(ids(await queue('phone_number_id=999999'))).toEqual([]);
    expect(ids(await queue(`phone_number_id=${TEST_SECRETS.phoneNumberId}`))).toHaveLength(2);
  });

  it('an agent takes one nobody holds (Assign to me): it shows who holds it and offers nothing more; no bulk actions', async () => {
    await agent.patch(`/v1/conversations/${eli}`).send({ assignee: ana.id }).expect(200);
    expect((await queue()).data.find((w) => w.id === eli)).toMatchObject({ assignee: ana.id, assignee_name: 'Ana Agent', actions: [] });
    const admin = asSession(sb, await signIn(sb, await createStaff(sb, 'admin')));
    expect((await admin.post('/v1/work-items/waiting_customer/bulk').send({ action: 'dismiss', dry_run: true })).status).toBe(400);
  });

  it('the reply resolves one and closing the other does too: both in Resolved, newest first, with who and why', async () => {
    await agent.post(`/v1/conversations/${dana}/replies`).send({ text: 'So sorry for the wait! It ships today.' }).expect(201);
    await waitFor(async () => !ids(await queue()).includes(dana), { what: 'the reply to take Dana off the queue' });
    await agent.patch(`/v1/conversations/${eli}`).send({ state: 'closed' }).expect(200);
    await waitFor(async () => ids(await queue()).length === 0, { what: 'closing to take Eli off the queue' });
    expect((await agent.get('/v1/work-items/counts').expect(200)).body.waiting_customer).toEqual({ open: 0, oldest_since: null, oldest_age_seconds: null });

    const resolved = await queue('status=resolved');
    expect(ids(resolved)).toEqual([eli, dana]);
    const [closed, replied] = resolved.data;
    expect(replied).toMatchObject({
      id: dana,
      actions: [],
      contact: { name: 'Dana Levi' },
      team: { id: teamId, name: 'Support' },
      waiting_for: 'first_response',
      due_at: expect.any(String),
      resolution: { action: 'replied', actor: `staff:${ana.id}`, actor_name: 'Ana Agent', note: null },
    });
    expect(replied!.waited_seconds).toBeGreaterThanOrEqual(10);
    expect(closed).toMatchObject({
      id: eli,
      assignee: ana.id,
      assignee_name: 'Ana Agent',
      resolution: { action: 'closed', actor_name: 'Ana Agent' },
    });
    expect(ids(await queue('status=resolved&sort=oldest'))).toEqual([dana, eli]);
  });
});
