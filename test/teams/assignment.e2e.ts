import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { connectSse, type SseClient } from '../events/sse-client.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';

const TEAM_WORK = { TEAM_WORK_INTERVAL_MS: '200' };

interface Row {
  id: string;
  assignee: string | null;
  needs_assignee_since: Date | null;
}

/**
 * Automatic assignment across processes: this test's app (API and workers) and three more worker
 * processes place customers' messages and assign at once, and PostgreSQL decides: nobody goes over
 * capacity, no conversation is assigned twice, the backlog drains oldest first when a seat frees,
 * and an agent who is away gets nothing.
 */
describe('automatic assignment: capacity, backlog, four processes', () => {
  let sb: Sendbook;
  const workers: ChildProcess[] = [];
  const streams: SseClient[] = [];
  let ana: { id: string; cookie: string };
  let ben: { id: string; cookie: string };
  let teamId: string;

  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { ...TEAM_WORK, PRESENCE_GRACE_MS: '60000' } } });
    for (let i = 0; i < 3; i++) workers.push(startWorkerProcess(sb, TEAM_WORK));
    const people = [];
    for (const name of ['Ana Agent', 'Ben Agent']) {
      const login = await createStaff(sb, 'agent', name);
      const cookie = await signIn(sb, login);
      // An open inbox tab is what makes someone online.
      streams.push(await connectSse(sb.url, { headers: { cookie } }));
      people.push({ id: login.id, cookie });
    }
    [ana, ben] = people as [typeof ana, typeof ben];
    const team = await request(sb.url)
      .post('/v1/teams')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .send({ name: 'Support', member_ids: [ana.id, ben.id], phone_number_ids: [TEST_SECRETS.phoneNumberId], assignment: { mode: 'balanced', max_open: 2 } })
      .expect(201);
    teamId = team.body.team.id;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map(exited));
    await sb?.close();
  });

  const rows = async (): Promise<Row[]> =>
    sb.dataSource.query(`SELECT id, assignee, needs_assignee_since FROM conversations WHERE phone_number_id = $1 ORDER BY id`, [TEST_SECRETS.phoneNumberId]);
  const held = (all: Row[], who: string) => all.filter((r) => r.assignee === who).map((r) => r.id);
  const waiting = (all: Row[]) => all.filter((r) => r.assignee === null);
  const assignments = async () =>
    (await sb.dataSource.query(`SELECT subject_id, details FROM audit_events WHERE action = 'conversation.assigned' ORDER BY at, id`)) as {
      subject_id: string;
      details: { from: string | null; to: string; reason: string; team_id: string };
    }[];

  it('six new conversations at once: two each, two wait in line; each assigned once', async () => {
    for (let i = 1; i <= 6; i++) sb.sim.customer(`1650555610${i}`, { name: `Customer ${i}` }).sendText(`order ${i} is late`);
    await waitFor(async () => (await rows()).length === 6 && held(await rows(), ana.id).length + held(await rows(), ben.id).length === 4, {
      what: 'four of six conversations assigned',
      timeoutMs: 30_000,
    });
    // The passes the workers keep running change nothing now: both are full.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const all = await rows();
    expect(held(all, ana.id)).toHaveLength(2);
    expect(held(all, ben.id)).toHaveLength(2);
    expect(waiting(all)).toHaveLength(2);
    for (const row of waiting(all)) expect(row.needs_assignee_since).not.toBeNull();

    const trail = await assignments();
    expect(trail).toHaveLength(4);
    expect(new Set(trail.map((a) => a.subject_id)).size).toBe(4);
    for (const a of trail) expect(a.details).toMatchObject({ from: null, reason: 'auto', team_id: teamId });

    const listed = (await asSession(sb, ana.cookie).get('/v1/conversations?view=unassigned').expect(200)).body.data as {
      awaiting_assignment_since: string | null;
    }[];
    expect(listed).toHaveLength(2);
    for (const c of listed) expect(c.awaiting_assignment_since).not.toBeNull();
  });

  it('closing one assigns the oldest waiting at once, to the agent whose seat freed', async () => {
    const before = await rows();
    const oldest = waiting(before).sort((a, b) => a.needs_assignee_since!.getTime() - b.needs_assignee_since!.getTime() || (a.id < b.id ? -1 : 1))[0]!;
    const closing = held(before, ana.id)[0]!;
    await asSession(sb, ana.cookie).patch(`/v1/conversations/${closing}`).send({ state: 'closed' }).expect(200);
    await waitFor(async () => (await rows()).find((r) => r.id === oldest.id)!.assignee === ana.id, { what: 'the oldest waiting assigned to Ana' });
    const trail = await assignments();
    expect(trail.filter((a) => a.subject_id === oldest.id)).toHaveLength(1);
    expect(waiting(await rows())).toHaveLength(1);
  });

  it('an agent set away gets nothing, even with a seat free; available again, they get the last one', async () => {
    await asSession(sb, ben.cookie).patch('/v1/auth/me').send({ availability: 'away' }).expect(200);
    const last = waiting(await rows())[0]!;
    await asSession(sb, ben.cookie)
      .patch(`/v1/conversations/${held(await rows(), ben.id)[0]!}`)
      .send({ state: 'closed' })
      .expect(200);
    // Several passes of four processes go by.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await rows()).find((r) => r.id === last.id)!.assignee).toBeNull();

    await asSession(sb, ben.cookie).patch('/v1/auth/me').send({ availability: 'available' }).expect(200);
    await waitFor(async () => (await rows()).find((r) => r.id === last.id)!.assignee === ben.id, { what: 'the last conversation assigned to Ben' });
    const trail = await assignments();
    // All six went to someone, each exactly once; nobody holds more than two open.
    expect(trail).toHaveLength(6);
    expect(new Set(trail.map((a) => a.subject_id)).size).toBe(6);
    const open = await sb.dataSource.query(
      `SELECT assignee, count(*)::int AS n FROM conversations WHERE state = 'open' AND assignee IS NOT NULL GROUP BY assignee`,
    );
    for (const row of open) expect(row.n).toBeLessThanOrEqual(2);
  });
});
