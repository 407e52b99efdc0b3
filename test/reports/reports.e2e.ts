import request from 'supertest';
import { addDays, buildReport, localDate, NO_FIGURES, startOfLocalDay, type Figures, type ReportAuditRow } from '@sendbook/queue';
import { inbound } from '../conversations/conversation-support.js';
import { ManualClock } from '../support/manual-clock.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

const ZONE = 'Asia/Kolkata'; // UTC+5:30: its midnight is 18:30 UTC, so a UTC day would cut elsewhere
const MINUTE = 60_000;
const SUPPORT_NUMBER = TEST_SECRETS.phoneNumberId;
const SALES_NUMBER = '106540352242923';
const UNROUTED_NUMBER = '106540352242924';
const NUMBERS = [SUPPORT_NUMBER, SALES_NUMBER, UNROUTED_NUMBER].map((id, i) => ({
  id,
  displayPhoneNumber: `1555078388${i + 1}`,
  wabaId: TEST_SECRETS.businessAccountId,
  mps: 80,
}));

/** The next 22:00 in Kolkata (16:30 UTC): the scripted day starts two hours before a local midnight. */
function nextLocal22(): number {
  const now = Date.now();
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 16, 30);
  return today > now ? today : today + 24 * 60 * MINUTE;
}

type Row = { total: Figures; days: (Figures & { date: string })[] };
type AgentRow = Row & { agent: { id: string; name: string } | null };
type TeamRow = Row & { team: { id: string; name: string } | null };
const COUNTS = ['handled', 'replies_sent', 'breaches'] as const;
const counts = (f: Figures) => Object.fromEntries(COUNTS.map((k) => [k, f[k]]));
const sum = (all: readonly Figures[]) => Object.fromEntries(COUNTS.map((k) => [k, all.reduce((s, f) => s + f[k], 0)]));
const figures = (f: Partial<Figures>): Figures => ({ ...NO_FIGURES, ...f });

/**
 * Reports from a day scripted through the real API: customers write through the simulator, agents
 * reply and close in their sessions, the worker marks missed targets, all on a clock the test
 * moves, so every figure is known exactly. Then: the agents' and teams' figures, per day in the
 * zone and in total; the rows adding up; a conversation closed, reopened and closed again counted
 * once; the SQL agreeing with the pure definition on the same audit rows; who may ask; and bad periods.
 */
describe('reports: figures per agent and team from the audit trail', () => {
  const T0 = nextLocal22();
  const clock = new ManualClock(T0);
  const at = (minutes: number) => clock.set(T0 + minutes * MINUTE);
  const D1 = localDate(new Date(T0), ZONE);
  const D2 = addDays(D1, 1);
  const period = { since: startOfLocalDay(D1, ZONE).toISOString(), until: startOfLocalDay(addDays(D2, 1), ZONE).toISOString(), time_zone: ZONE };
  const query = `since=${encodeURIComponent(period.since)}&until=${encodeURIComponent(period.until)}&time_zone=${ZONE}`;

  let sb: Sendbook;
  const people: Record<'ana' | 'ben' | 'cy' | 'admin' | 'agentOutside', { id: string; cookie: string }> = {} as never;
  const teams: Record<'support' | 'sales', string> = {} as never;
  const threads: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5', string> = {} as never;
  const as = (who: keyof typeof people) => asSession(sb, people[who].cookie);

  beforeAll(async () => {
    sb = await startSendbook({ sim: { now: () => clock.now().getTime(), phoneNumbers: NUMBERS }, app: { clock, env: { TEAM_WORK_INTERVAL_MS: '200' } } });
    for (const [key, role, name] of [
      ['ana', 'agent', 'Ana Agent'],
      ['ben', 'agent', 'Ben Agent'],
      ['cy', 'agent', 'Cy Agent'],
      ['admin', 'admin', 'Ada Admin'],
      ['agentOutside', 'agent', 'Zed Agent'],
    ] as const) {
      const login = await createStaff(sb, role, name);
      people[key] = { id: login.id, cookie: await signIn(sb, login) };
    }
    const team = async (name: string, members: string[], number: string, targets: Record<string, number>) =>
      (
        await request(sb.url)
          .post('/v1/teams')
          .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
          .send({ name, member_ids: members, phone_number_ids: [number], assignment: { mode: 'manual', max_open: 10 }, targets })
          .expect(201)
      ).body.team.id as string;
    teams.support = await team('Support', [people.ana.id, people.ben.id], SUPPORT_NUMBER, { first_response_seconds: 600, next_response_seconds: 900 });
    teams.sales = await team('Sales', [people.cy.id], SALES_NUMBER, { first_response_seconds: 600 });
  }, 120_000);
  afterAll(() => sb?.close());

  const customer = (waId: string, phoneNumberId: string) => sb.sim.customer(waId, { name: `Customer ${waId.slice(-2)}`, phoneNumberId });
  const write = async (waId: string, number: string, text: string) => (await inbound(sb, customer(waId, number).sendText(text))).conversation_id as string;
  let replies = 0;
  const reply = (who: keyof typeof people, thread: string) =>
    as(who)
      .post(`/v1/conversations/${thread}/replies`)
      .send({ text: `reply ${++replies}`, client_request_id: `report-${replies}` })
      .expect(201);
  const patch = (who: keyof typeof people, thread: string, body: Record<string, unknown>) =>
    as(who).patch(`/v1/conversations/${thread}`).send(body).expect(200);
  const trail = async (action: string) =>
    (await sb.dataSource.query(`SELECT subject_id, at, details FROM audit_events WHERE action = $1 ORDER BY at, id`, [action])) as {
      subject_id: string;
      at: Date;
      details: Record<string, unknown>;
    }[];
  const breachOf = async (thread: string) =>
    waitFor(async () => (await trail('conversation.sla_breached')).some((b) => b.subject_id === thread), { what: `the breach of ${thread}` });

  it('scripts the day through the API: customers write, agents reply, targets are missed, conversations close and reopen', async () => {
    // 22:00 (D1): four customers write; one to each team's number, one to a number of no team.
    at(0);
    threads.c1 = await write('16505557001', SUPPORT_NUMBER, 'where is my order?');
    threads.c2 = await write('16505557002', SUPPORT_NUMBER, 'I want to change my address');
    threads.c3 = await write('16505557003', SALES_NUMBER, 'do you ship to Goa?');
    threads.c4 = await write('16505557004', UNROUTED_NUMBER, 'hello?');
    at(2);
    await patch('ana', threads.c1, { assignee: people.ana.id }); // Ana takes c1
    await reply('ana', threads.c1); // first response: 120 s
    at(5);
    await patch('ben', threads.c2, { assignee: people.ben.id });
    await reply('ben', threads.c2); // first response: 300 s
    await patch('admin', threads.c3, { assignee: people.cy.id });
    // 22:11: c3 waited past Sales' 10 minutes; the worker marks it, for Cy who holds it.
    at(11);
    await breachOf(threads.c3);
    at(15);
    await reply('cy', threads.c3); // first response: 900 s, late
    at(20);
    await write('16505557001', SUPPORT_NUMBER, 'and when will it arrive?');
    await patch('cy', threads.c3, { state: 'closed' }); // 1,200 s after it opened
    at(30);
    await reply('ana', threads.c1); // next response: 600 s
    at(31);
    await reply('ana', threads.c1); // a follow-up: nobody was waiting
    at(40);
    await patch('ana', threads.c1, { state: 'closed' }); // 2,400 s
    at(50);
    await patch('ben', threads.c2, { state: 'closed' }); // Ben's close, but not the last one
    at(95);
    await reply('ben', threads.c4); // first response: 5,700 s, no team, no target; c4 stays nobody's
    at(100);
    threads.c5 = await write('16505557005', SUPPORT_NUMBER, 'anyone there?');
    // 23:50: nobody took c5; its breach is nobody's.
    at(110);
    await breachOf(threads.c5);
    // 00:05 (D2): an admin closes c5 still unassigned; c2's customer writes again and reopens it.
    at(125);
    await patch('admin', threads.c5, { state: 'closed' }); // 1,500 s
    at(130);
    expect(await write('16505557002', SUPPORT_NUMBER, 'one more thing')).toBe(threads.c2);
    at(135);
    await reply('ben', threads.c2); // first response again (reopened): 300 s
    at(140);
    await patch('admin', threads.c2, { assignee: people.ana.id });
    at(150);
    await patch('ana', threads.c2, { state: 'closed' }); // the last close: Ana's, 1,200 s after it reopened

    expect((await trail('conversation.sla_breached')).map((b) => b.subject_id)).toEqual([threads.c3, threads.c5]);
    expect((await trail('conversation.closed')).filter((c) => c.subject_id === threads.c2)).toHaveLength(2);
  });

  it('by agent: each figure exactly, per day in the zone and in total; c2 handled once, by Ana, on the day of its last close', async () => {
    const report = (await as('admin').get(`/v1/reports/agents?${query}`).expect(200)).body as {
      since: string;
      until: string;
      time_zone: string;
      rows: AgentRow[];
    };
    expect({ since: report.since, until: report.until, time_zone: report.time_zone }).toEqual(period);
    // Every active agent has a row (Zed, with nothing), by name; Unassigned last.
    expect(report.rows.map((r) => r.agent?.name ?? 'Unassigned')).toEqual(['Ana Agent', 'Ben Agent', 'Cy Agent', 'Zed Agent', 'Unassigned']);
    const row = (name: string) => report.rows.find((r) => (r.agent?.name ?? 'Unassigned') === name)!;
    expect(row('Ana Agent').agent).toEqual({ id: people.ana.id, name: 'Ana Agent' });

    expect(row('Ana Agent').days).toEqual([
      {
        date: D1,
        ...figures({
          handled: 1,
          replies_sent: 3,
          first_response_median_seconds: 120,
          first_response_p90_seconds: 120,
          next_response_p90_seconds: 600,
          resolution_median_seconds: 2_400,
        }),
      },
      { date: D2, ...figures({ handled: 1, resolution_median_seconds: 1_200 }) },
    ]);
    expect(row('Ana Agent').total).toEqual(
      figures({
        handled: 2,
        replies_sent: 3,
        first_response_median_seconds: 120,
        first_response_p90_seconds: 120,
        next_response_p90_seconds: 600,
        resolution_median_seconds: 1_200,
      }),
    );
    expect(row('Ben Agent').days).toEqual([
      { date: D1, ...figures({ replies_sent: 2, first_response_median_seconds: 300, first_response_p90_seconds: 5_700 }) },
      { date: D2, ...figures({ replies_sent: 1, first_response_median_seconds: 300, first_response_p90_seconds: 300 }) },
    ]);
    expect(row('Ben Agent').total).toEqual(figures({ replies_sent: 3, first_response_median_seconds: 300, first_response_p90_seconds: 5_700 }));
    expect(row('Cy Agent').total).toEqual(
      figures({
        handled: 1,
        replies_sent: 1,
        breaches: 1,
        first_response_median_seconds: 900,
        first_response_p90_seconds: 900,
        resolution_median_seconds: 1_200,
      }),
    );
    expect(row('Cy Agent').days.map((d) => d.date)).toEqual([D1, D2]);
    expect(row('Zed Agent')).toEqual({
      agent: { id: people.agentOutside.id, name: 'Zed Agent' },
      total: NO_FIGURES,
      days: [
        { date: D1, ...NO_FIGURES },
        { date: D2, ...NO_FIGURES },
      ],
    });
    expect(row('Unassigned').days).toEqual([
      { date: D1, ...figures({ breaches: 1 }) },
      { date: D2, ...figures({ handled: 1, resolution_median_seconds: 1_500 }) },
    ]);
  });

  it('by team: No team for the unrouted number; each team’s agents (team_id) add up to its row, per day and in total; the overall rows agree', async () => {
    const teamsReport = (await as('admin').get(`/v1/reports/teams?${query}`).expect(200)).body as { rows: TeamRow[]; overall: Row };
    expect(teamsReport.rows.map((r) => r.team?.name ?? 'No team')).toEqual(['Sales', 'Support', 'No team']);
    const team = (name: string) => teamsReport.rows.find((r) => (r.team?.name ?? 'No team') === name)!;
    expect(team('Support').total).toEqual(
      figures({
        handled: 3,
        replies_sent: 5,
        breaches: 1,
        first_response_median_seconds: 300,
        first_response_p90_seconds: 300,
        next_response_p90_seconds: 600,
        resolution_median_seconds: 1_500,
      }),
    );
    expect(team('Support').days.map(counts)).toEqual([
      { handled: 1, replies_sent: 4, breaches: 1 },
      { handled: 2, replies_sent: 1, breaches: 0 },
    ]);
    expect(team('Sales').total).toEqual(
      figures({
        handled: 1,
        replies_sent: 1,
        breaches: 1,
        first_response_median_seconds: 900,
        first_response_p90_seconds: 900,
        resolution_median_seconds: 1_200,
      }),
    );
    expect(team('No team').total).toEqual(figures({ replies_sent: 1, first_response_median_seconds: 5_700, first_response_p90_seconds: 5_700 }));

    const agentsReport = (await as('admin').get(`/v1/reports/agents?${query}`).expect(200)).body as { rows: AgentRow[]; overall: Row };
    expect(agentsReport.overall).toEqual(teamsReport.overall);
    expect(counts(teamsReport.overall.total)).toEqual({ handled: 4, replies_sent: 7, breaches: 2 });
    for (const report of [agentsReport, teamsReport]) {
      expect(sum(report.rows.map((r: Row) => r.total))).toEqual(counts(report.overall.total));
      for (const day of [0, 1]) expect(sum(report.rows.map((r: Row) => r.days[day]!))).toEqual(counts(report.overall.days[day]!));
    }
    for (const name of ['Support', 'Sales']) {
      const ofTeam = (
        await as('admin')
          .get(`/v1/reports/agents?${query}&team_id=${team(name).team!.id}`)
          .expect(200)
      ).body as { rows: AgentRow[]; overall: Row };
      expect(sum(ofTeam.rows.map((r) => r.total))).toEqual(counts(team(name).total));
      for (const day of [0, 1]) expect(sum(ofTeam.rows.map((r) => r.days[day]!))).toEqual(counts(team(name).days[day]!));
      expect(ofTeam.overall).toEqual({ total: team(name).total, days: team(name).days });
    }
    // Support's members, with what they did there only: Ben's reply to the unrouted number is not Support's.
    const support = (await as('admin').get(`/v1/reports/agents?${query}&team_id=${teams.support}`).expect(200)).body as { rows: AgentRow[] };
    expect(support.rows.map((r) => [r.agent?.name ?? 'Unassigned', counts(r.total)])).toEqual([
      ['Ana Agent', { handled: 2, replies_sent: 3, breaches: 0 }],
      ['Ben Agent', { handled: 0, replies_sent: 2, breaches: 0 }],
      ['Unassigned', { handled: 1, replies_sent: 0, breaches: 1 }],
    ]);
  });

  it('the SQL agrees with the pure definition (libs/queue buildReport) on the same audit rows, in the zone and in UTC', async () => {
    const rows: ReportAuditRow[] = (
      (await sb.dataSource.query(`SELECT id, at, action, subject_id, details FROM audit_events WHERE subject_type = 'conversation'`)) as {
        id: string;
        at: Date;
        action: string;
        subject_id: string;
        details: Record<string, unknown> | null;
      }[]
    ).map((r) => ({ id: r.id, at: r.at, action: r.action, subjectId: r.subject_id, details: r.details }));
    for (const zone of [ZONE, 'UTC']) {
      const asked = { since: new Date(period.since), until: new Date(period.until), timeZone: zone };
      const q = `since=${encodeURIComponent(period.since)}&until=${encodeURIComponent(period.until)}&time_zone=${zone}`;
      const agents = (await as('admin').get(`/v1/reports/agents?${q}`).expect(200)).body as { rows: AgentRow[]; overall: Row };
      const expected = buildReport(rows, asked, 'agent');
      for (const r of expected.rows)
        expect(agents.rows.find((a) => (a.agent?.id ?? null) === r.key)).toEqual(expect.objectContaining({ total: r.total, days: r.days }));
      expect(agents.overall).toEqual(expected.overall);
      const teamsReport = (await as('admin').get(`/v1/reports/teams?${q}`).expect(200)).body as { rows: TeamRow[] };
      for (const r of buildReport(rows, asked, 'team').rows)
        expect(teamsReport.rows.find((t) => (t.team?.id ?? null) === r.key)).toEqual(expect.objectContaining({ total: r.total, days: r.days }));
    }
  });

  it('admins only: an agent’s session is refused; the admin key may ask; no period means the last 7 days in DEFAULT_TIME_ZONE', async () => {
    await as('ana').get(`/v1/reports/agents?${query}`).expect(403);
    await as('ana').get(`/v1/reports/teams?${query}`).expect(403);
    await request(sb.url).get('/v1/reports/teams').expect(401);
    const byKey = await request(sb.url).get('/v1/reports/teams').set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).expect(200);
    expect(byKey.body.time_zone).toBe('UTC');
    expect(byKey.body.until).toBe(clock.now().toISOString());
    const today = localDate(clock.now(), 'UTC');
    expect(byKey.body.since).toBe(`${addDays(today, -6)}T00:00:00.000Z`);
    expect(byKey.body.overall.days.map((d: { date: string }) => d.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map((n) => addDays(today, n)));
  });

  it.each([
    ['since=2026-03-01T00:00:00Z', ['until']],
    ['until=2026-03-01T00:00:00Z', ['since']],
    ['since=yesterday&until=2026-03-01T00:00:00Z', ['since']],
    ['since=2026-03-02T00:00:00Z&until=2026-03-01T00:00:00Z', ['until']],
    ['since=2026-01-01T00:00:00Z&until=2026-04-03T00:00:01Z', ['until']],
    ['time_zone=Mars/Olympus', ['time_zone']],
    ['team_id=support', ['team_id']],
    ['colour=blue', ['colour']],
  ])('GET /v1/reports/agents?%s is a 400 naming %j', async (q, fields) => {
    const res = await as('admin').get(`/v1/reports/agents?${q}`).expect(400);
    expect((res.body.details as { field: string }[]).map((d) => d.field)).toEqual(fields);
  });
});
