import { inbound } from '../conversations/conversation-support.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn, type StaffLogin } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';

/**
 * The `waiting_customer` queue: conversations whose customer waits past the team's response
 * target, read from the columns the conversations module keeps (written here by SQL, standing in
 * for the engine), and the waits that ended, read from their audit rows.
 */
describe('work queue waiting_customer: customers waiting past the response target', () => {
  let sb: Sendbook;
  let ana: StaffLogin;
  let agent: ReturnType<typeof asSession>;
  let teamId: string;
  beforeAll(async () => {
    sb = await startSendbook();
    ana = await createStaff(sb, 'agent', 'Ana Agent');
    agent = asSession(sb, await signIn(sb, ana));
    teamId = (
      await sb
        .api()
        .post('/v1/teams')
        .send({ name: 'Support', member_ids: [ana.id], phone_number_ids: [TEST_SECRETS.phoneNumberId], targets: { first_response_seconds: 300 } })
        .expect(201)
    ).body.team.id;
  });
  afterAll(() => sb?.close());

  const queue = async (query: string) => (await agent.get(`/v1/work-items?kind=waiting_customer&${query}`).expect(200)).body;
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  /** A conversation whose customer wrote; its wait and breach as the engine would record them. */
  const breached = async (waId: string, name: string, wait: { since: Date; due: Date; breached: Date; assignee?: string | null }) => {
    const conversationId = (await inbound(sb, sb.sim.customer(waId, { name }).sendText('Hello? Anyone there?'))).conversation_id as string;
    await sb.dataSource.query(
      `UPDATE conversations SET waiting_since = $2::timestamptz, waiting_for = 'first_response', response_due_at = $3, sla_breached_at = $4, assignee = $5::text,
              assigned_at = CASE WHEN $5::text IS NULL THEN NULL ELSE $2::timestamptz END
        WHERE id = $1`,
      [conversationId, wait.since, wait.due, wait.breached, wait.assignee ?? null],
    );
    return conversationId;
  };

  let held: string;
  let unheld: string;

  it('lists each breached conversation oldest breach first: customer, team, who holds it, the wait and the target, how long they have waited', async () => {
    expect((await queue('')).data).toEqual([]);
    held = await breached('16505550701', 'Dana Levi', { since: ago(12), due: ago(7), breached: ago(7), assignee: ana.id });
    unheld = await breached('16505550702', 'Eli Cohen', { since: ago(6), due: ago(1), breached: ago(1) });
    // A customer waiting inside the target is no work item.
    const fine = (await inbound(sb, sb.sim.customer('16505550703', { name: 'Fay' }).sendText('hi'))).conversation_id as string;
    await sb.dataSource.query(
      `UPDATE conversations SET waiting_since = now(), waiting_for = 'first_response', response_due_at = now() + interval '5 minutes' WHERE id = $1`,
      [fine],
    );

    const page = await queue('');
    expect(page).toMatchObject({ kind: 'waiting_customer', status: 'open', next_cursor: null });
    expect(page.data.map((w: { id: string }) => w.id)).toEqual([held, unheld]);
    const [first, second] = page.data;
    expect(first).toEqual({
      kind: 'waiting_customer',
      id: held,
      since: expect.any(String),
      actions: [],
      conversation_id: held,
      phone_number_id: TEST_SECRETS.phoneNumberId,
      contact: { id: expect.any(String), name: 'Dana Levi', wa_id: '16505550701', user_id: null },
      team: { id: teamId, name: 'Support' },
      assignee: ana.id,
      assignee_name: 'Ana Agent',
      waiting_for: 'first_response',
      waiting_since: expect.any(String),
      due_at: expect.any(String),
      breached_at: first.since,
      waited_seconds: expect.any(Number),
      resolution: null,
    });
    // Twelve minutes, by the server's clock (give or take the test's own time).
    expect(first.waited_seconds).toBeGreaterThanOrEqual(12 * 60);
    expect(first.waited_seconds).toBeLessThan(14 * 60);
    expect(Date.parse(first.breached_at) - Date.parse(first.waiting_since)).toBe(5 * 60_000);
    expect(second).toMatchObject({ assignee: null, assignee_name: null, actions: ['assign_to_me'], contact: { name: 'Eli Cohen' } });

    const counts = (await agent.get('/v1/work-items/counts').expect(200)).body;
    expect(counts.waiting_customer).toEqual({ open: 2, oldest_since: first.breached_at, oldest_age_seconds: expect.any(Number) });
    expect(counts.waiting_customer.oldest_age_seconds).toBeGreaterThanOrEqual(7 * 60);
  });

  it('pages by cursor, newest first on request, and filters by number and by how long since the target passed', async () => {
    const one = await queue('limit=1');
    expect(one.data.map((w: { id: string }) => w.id)).toEqual([held]);
    expect(one.next_cursor).toEqual(expect.any(String));
    const two = await queue(`limit=1&cursor=${one.next_cursor}`);
    expect(two.data.map((w: { id: string }) => w.id)).toEqual([unheld]);
    expect((await queue(`limit=1&cursor=${two.next_cursor}`)).data).toEqual([]);
    expect((await queue('sort=newest')).data.map((w: { id: string }) => w.id)).toEqual([unheld, held]);
    expect((await queue('older_than=5m')).data.map((w: { id: string }) => w.id)).toEqual([held]);
    expect((await queue('phone_number_id=999999')).data).toEqual([]);
    expect((await queue(`phone_number_id=${TEST_SECRETS.phoneNumberId}`)).data).toHaveLength(2);
  });

  it('an agent takes the unheld one (Assign to me): it shows who holds it and offers nothing more; bulk actions are refused', async () => {
    await agent.patch(`/v1/conversations/${unheld}`).send({ assignee: ana.id }).expect(200);
    const item = (await queue('')).data.find((w: { id: string }) => w.id === unheld);
    expect(item).toMatchObject({ assignee: ana.id, assignee_name: 'Ana Agent', actions: [] });
    const admin = asSession(sb, await signIn(sb, await createStaff(sb, 'admin')));
    expect((await admin.post('/v1/work-items/waiting_customer/bulk').send({ action: 'dismiss', dry_run: true })).status).toBe(400);
  });

  it('a wait that ended is a resolved item: replied by whom, or closed; newest first, with the target the breach recorded', async () => {
    const [row] = await sb.dataSource.query(`SELECT waiting_since, response_due_at, sla_breached_at FROM conversations WHERE id = $1`, [held]);
    const breach = {
      team_id: teamId,
      assignee: ana.id,
      waiting_for: 'first_response',
      waiting_since: row.waiting_since.toISOString(),
      due_at: row.response_due_at.toISOString(),
    };
    // What the engine records: the breach, then the reply that ends the wait (and clears the columns).
    await sb.dataSource.query(
      `INSERT INTO audit_events (at, actor, action, subject_type, subject_id, details) VALUES
         ($1, 'system', 'conversation.sla_breached', 'conversation', $2, $3::jsonb),
         (now() - interval '1 minute', $4, 'conversation.sla_resolved', 'conversation', $2, $5::jsonb),
         (now(), 'system', 'conversation.sla_resolved', 'conversation', $6, $7::jsonb)`,
      [
        row.sla_breached_at,
        held,
        JSON.stringify(breach),
        `staff:${ana.id}`,
        JSON.stringify({
          team_id: teamId,
          assignee: ana.id,
          by: ana.id,
          reason: 'replied',
          breached_at: row.sla_breached_at.toISOString(),
          waiting_since: breach.waiting_since,
          waited_seconds: 660,
        }),
        unheld,
        JSON.stringify({
          team_id: teamId,
          assignee: ana.id,
          by: null,
          reason: 'closed',
          breached_at: ago(1).toISOString(),
          waiting_since: ago(6).toISOString(),
        }),
      ],
    );
    await sb.dataSource.query(
      `UPDATE conversations SET waiting_since = NULL, waiting_for = NULL, response_due_at = NULL, sla_breached_at = NULL WHERE id = ANY($1::uuid[])`,
      [[held, unheld]],
    );
    expect((await queue('')).data).toEqual([]);
    expect((await agent.get('/v1/work-items/counts').expect(200)).body.waiting_customer).toEqual({ open: 0, oldest_since: null, oldest_age_seconds: null });

    const resolved = await queue('status=resolved');
    expect(resolved.data.map((w: { id: string }) => w.id)).toEqual([unheld, held]);
    const [closed, replied] = resolved.data;
    expect(replied).toMatchObject({
      id: held,
      actions: [],
      contact: { name: 'Dana Levi' },
      team: { id: teamId, name: 'Support' },
      assignee: ana.id,
      assignee_name: 'Ana Agent',
      waiting_for: 'first_response',
      waiting_since: breach.waiting_since,
      due_at: breach.due_at,
      breached_at: row.sla_breached_at.toISOString(),
      waited_seconds: expect.any(Number),
      resolution: { action: 'replied', actor: `staff:${ana.id}`, actor_name: 'Ana Agent', note: null },
    });
    // Wall-clock, from the first unanswered message (12 minutes before) to the reply (a minute ago).
    expect(replied.waited_seconds).toBeGreaterThanOrEqual(11 * 60);
    expect(replied.waited_seconds).toBeLessThan(12 * 60);
    // No breach row to read the target from: what the resolution itself says.
    expect(closed).toMatchObject({ id: unheld, waiting_for: null, due_at: null, resolution: { action: 'closed', actor_name: 'Sendbook' } });
    expect(closed.waited_seconds).toBeGreaterThanOrEqual(5 * 60);
    expect((await queue('status=resolved&sort=oldest')).data.map((w: { id: string }) => w.id)).toEqual([held, unheld]);
  });
});
