import request from 'supertest';
import { buildReport, type ReportAuditRow, type ReportRows } from '@sendbook/queue';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';

/** A small seeded generator, so a failure repeats. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * The reports' SQL against their definition (buildReport in libs/queue) on the same audit rows:
 * generated, not scripted, to reach what a scripted day rarely does: hundreds of samples per
 * percentile, closes of one conversation at the same instant (the later id wins), a conversation
 * closed in and after the period, a night when clocks change, details the engine would never
 * write (a number as text, no agent, an unknown waiting_for), and rows of other actions and
 * subjects. The day itself is scripted through the API in reports.e2e.ts; these rows are written
 * straight into audit_events only to compare the two computations.
 */
describe('reports: the SQL agrees with the definition on generated audit rows', () => {
  let t: TestApp;
  let rows: ReportAuditRow[];
  const agents = [1, 2, 3, 4, 5].map((n) => uuid(0xa0 + n));
  const teams = [uuid(0xb1), uuid(0xb2)];
  const ZONE = 'Europe/Berlin';
  // 25 March – 3 April 2026: Berlin's clocks go forward on 29 March.
  const since = new Date('2026-03-24T23:00:00Z');
  const until = new Date('2026-04-02T22:00:00Z');

  beforeAll(async () => {
    t = await startTestApp();
    const random = rng(34);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const maybe = <T>(x: T): T | null => (random() < 0.15 ? null : x);
    const span = until.getTime() - since.getTime();
    // A little before and after the period too.
    const when = () => new Date(Math.floor((since.getTime() - 86_400_000 + random() * (span + 2 * 86_400_000)) / 1000) * 1000);
    const made: ReportAuditRow[] = [];
    let id = 0;
    const add = (action: string, at: Date, conversation: number, details: Record<string, unknown> | null) =>
      made.push({ id: uuid(0x100000 + ++id * 7919), at, action, subjectId: uuid(0xc000 + conversation), details });
    for (let i = 0; i < 700; i++) {
      const conversation = Math.floor(random() * 120);
      const team = maybe(pick(teams));
      const r = random();
      if (r < 0.55) {
        const waiting = pick(['first_response', 'next_response', null, 'lunch']);
        add('conversation.replied', when(), conversation, {
          agent: random() < 0.05 ? null : pick(agents),
          team_id: team,
          message_id: uuid(i),
          waiting_for: waiting,
          waited_seconds: random() < 0.05 ? '120' : Math.floor(random() * 7_200),
          wall_seconds: 1,
          breached: false,
        });
      } else if (r < 0.7) {
        add('conversation.sla_breached', when(), conversation, { team_id: team, assignee: maybe(pick(agents)), waiting_for: 'first_response' });
      } else if (r < 0.95) {
        const at = when();
        const details = { team_id: team, assignee: maybe(pick(agents)), opened_at: at.toISOString(), resolution_seconds: Math.floor(random() * 200_000) };
        add('conversation.closed', at, conversation, details);
        // Now and then closed twice at the same instant (two tabs): one counts, the later id.
        if (random() < 0.1) add('conversation.closed', at, conversation, { ...details, assignee: pick(agents) });
      } else {
        add('conversation.assigned', when(), conversation, { from: null, to: pick(agents), team_id: team, reason: 'auto' });
      }
    }
    rows = made;
    await t.dataSource.query(
      `INSERT INTO audit_events (id, at, actor, action, subject_type, subject_id, details)
       SELECT id, at, 'system', action, 'conversation', subject_id, details FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::jsonb[]) AS u(id, at, action, subject_id, details)`,
      [made.map((r) => r.id), made.map((r) => r.at), made.map((r) => r.action), made.map((r) => r.subjectId), made.map((r) => JSON.stringify(r.details))],
    );
    // Another subject's rows never count.
    await t.dataSource.query(
      `INSERT INTO audit_events (at, actor, action, subject_type, subject_id, details) VALUES ($1, 'system', 'conversation.replied', 'message', $2, $3::jsonb)`,
      [new Date('2026-03-30T10:00:00Z'), uuid(1), JSON.stringify({ agent: agents[0], team_id: teams[0], waiting_for: 'first_response', waited_seconds: 1 })],
    );
  });
  afterAll(() => t?.close());

  const ask = async (path: string, zone: string) =>
    (
      await request(t.url)
        .get(`${path}${path.includes('?') ? '&' : '?'}since=${since.toISOString()}&until=${until.toISOString()}&time_zone=${zone}`)
        .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
        .expect(200)
    ).body as {
      rows: ({ agent?: { id: string } | null; team?: { id: string } | null } & Omit<ReportRows['rows'][number], 'key'>)[];
      overall: ReportRows['overall'];
    };

  const compare = (
    answer: Awaited<ReturnType<typeof ask>>,
    expected: ReportRows,
    keyOf: (row: Awaited<ReturnType<typeof ask>>['rows'][number]) => string | null,
  ) => {
    expect(answer.overall).toEqual(expected.overall);
    const byKey = new Map(answer.rows.map((r) => [keyOf(r), { total: r.total, days: r.days }]));
    for (const row of expected.rows) expect([row.key, byKey.get(row.key)]).toEqual([row.key, { total: row.total, days: row.days }]);
    // Rows without figures (none here: no such staff or teams exist) would be the only others.
    expect(answer.rows).toHaveLength(expected.rows.length);
  };

  it.each([ZONE, 'UTC', 'Asia/Kolkata'])('by agent and by team, days cut in %s', async (zone) => {
    const period = { since, until, timeZone: zone };
    const expectedAgents = buildReport(rows, period, 'agent');
    expect(expectedAgents.overall.total.handled).toBeGreaterThan(50);
    expect(expectedAgents.rows.length).toBe(6);
    compare(await ask('/v1/reports/agents', zone), expectedAgents, (r) => r.agent?.id ?? null);
    compare(await ask('/v1/reports/teams', zone), buildReport(rows, period, 'team'), (r) => r.team?.id ?? null);
    for (const team of teams)
      compare(await ask(`/v1/reports/agents?team_id=${team}`, zone), buildReport(rows, period, 'agent', { teamId: team }), (r) => r.agent?.id ?? null);
  });
});
