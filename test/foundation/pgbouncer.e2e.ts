import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { connectSse, type SseClient } from '../events/sse-client.js';
import { RELAY_LOCK_KEY } from '../../apps/api/src/modules/webhooks/delivery-relay.service.js';
import { startPrivatePgBouncer, type PrivatePgBouncer } from '../support/private-pgbouncer.mjs';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { testInfra } from '../support/test-infra.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';

/** Server connections PgBouncer may open for the test's database: far fewer than the processes' clients. */
const POOL_SIZE = 3;
const STATEMENT_TIMEOUT_MS = 15_000;
/**
 * Sweeps out of the way, so a webhook is only processed if the workers heard its NOTIFY (LISTEN on
 * the direct URL); assignment passes often, so the advisory lock is taken by both workers at once.
 */
const WORKER_ENV = {
  WEBHOOK_SWEEP_INTERVAL_MS: '600000',
  TEAM_WORK_INTERVAL_MS: '200',
  PAIR_INTERVAL_MS: '1',
  PAIR_MARGIN_MS: '0',
  MESSAGING_LIMIT: 'unlimited',
};
const FINAL = ['delivered', 'read'];

interface Peak {
  clients: number;
  servers: number;
}

/**
 * Sendbook behind PgBouncer in transaction mode (Debian's 1.18: no prepared statements across
 * server connections): an API process and two worker processes whose DATABASE_URL is a private
 * PgBouncer with three server connections, and whose migrations and LISTEN go to PostgreSQL
 * directly. The core flows run as they do without it, and PgBouncer's console shows it carried them.
 */
describe('behind PgBouncer in transaction mode: the core flows, through the pooler', () => {
  let bouncer: PrivatePgBouncer;
  let sb: Sendbook;
  let database: string;
  const workers: ChildProcess[] = [];
  const streams: SseClient[] = [];
  const peak: Peak = { clients: 0, servers: 0 };
  /** PgBouncer's transaction count for the database once the processes were up. */
  let atStart = 0;
  let sampler: NodeJS.Timeout | undefined;

  /** What PgBouncer holds for the test's database now: client connections, and its server connections. */
  const connections = async (): Promise<Peak> => ({
    clients: (await bouncer.admin('SHOW CLIENTS')).filter((c) => c.database === database).length,
    servers: (await bouncer.admin('SHOW SERVERS')).filter((s) => s.database === database).length,
  });
  const transactions = async () => Number((await bouncer.admin('SHOW STATS')).find((s) => s.database === database)?.total_xact_count ?? 0);

  beforeAll(async () => {
    bouncer = await startPrivatePgBouncer({ serverUrl: testInfra().serverUrl, poolSize: POOL_SIZE, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    sb = await startSendbook({
      sim: { pairIntervalMs: 0 },
      app: { databasePoolerUrl: bouncer.url, env: { ROLE: 'api', ...WORKER_ENV, PRESENCE_GRACE_MS: '60000' } },
    });
    database = new URL(sb.config.databaseUrl).pathname.slice(1);
    for (let i = 0; i < 2; i++) workers.push(startWorkerProcess(sb, WORKER_ENV));
    sampler = setInterval(() => {
      void connections()
        .then((now) => {
          peak.clients = Math.max(peak.clients, now.clients);
          peak.servers = Math.max(peak.servers, now.servers);
        })
        .catch(() => undefined);
    }, 100);
    await sb.api().post('/v1/templates/sync').expect(200);
  }, 120_000);
  afterAll(async () => {
    if (sampler) clearInterval(sampler);
    for (const s of streams) s.close();
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map(exited));
    await sb?.close();
    await bouncer?.stop();
  });

  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const sendsOf = (id: string) => sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id).length;

  it('the app runs through PgBouncer, migrations and LISTEN beside it: the relay lock held by one worker, on a direct session', async () => {
    expect(sb.config.databaseUrl).not.toBe(sb.config.databaseDirectUrl);
    expect(sb.config.database).toMatchObject({ pooler: 'transaction', namedStatements: false });
    // The server connections PgBouncer opens carry the statement timeout (its connect_query).
    expect(await sb.dataSource.query(`SHOW statement_timeout`)).toEqual([{ statement_timeout: '15s' }]);
    // Both workers LISTEN on sessions of their own, not PgBouncer's server connections, and one of
    // them holds the relay's session lock.
    await waitFor(
      async () => {
        const listeners = (await sb.dataSource.query(
          `SELECT a.pid, bool_or(l.granted) AS relaying
             FROM pg_stat_activity a LEFT JOIN pg_locks l ON l.pid = a.pid AND l.locktype = 'advisory' AND l.objid = $2
            WHERE a.datname = $1 AND a.application_name LIKE 'sendbook listen %' GROUP BY a.pid`,
          [database, RELAY_LOCK_KEY],
        )) as { pid: number; relaying: boolean | null }[];
        const pooled = new Set((await bouncer.admin('SHOW SERVERS')).map((s) => Number(s.remote_pid)));
        return listeners.length === 2 && listeners.filter((l) => l.relaying).length === 1 && listeners.every((l) => !pooled.has(l.pid));
      },
      // Two worker processes booting (migrations included) on a busy machine.
      { what: 'two workers listening on direct sessions, one of them the relay', timeoutMs: 90_000 },
    );
    atStart = await transactions();
    expect(atStart).toBeGreaterThan(0);
  }, 120_000);

  it('messages enqueued at once are each sent exactly once, and the status webhooks (signed, acked, relayed by NOTIFY) applied', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await sb
          .api()
          .post('/v1/messages')
          .send(messageRequest({ dedupe_key: `pooled-${i}`, to: `+97250600${String(1000 + i)}` }))
          .expect(201);
        return res.body.message.id as string;
      }),
    );
    // Again: the same keys are the same messages.
    const again = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'pooled-0', to: '+972506001000' }));
    expect(again.body.message.id).toBe(ids[0]);
    await waitFor(async () => (await Promise.all(ids.map(message))).every((m) => FINAL.includes(m.state)), {
      what: 'thirty messages delivered (status webhooks applied)',
      timeoutMs: 60_000,
    });
    for (const id of ids) expect(sendsOf(id)).toBe(1);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    // Every stored webhook processed (none set aside), though only NOTIFY told the workers of them.
    const deliveries = async () =>
      (
        (await sb.dataSource.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE state <> 'processed')::int AS open FROM webhook_deliveries`)) as {
          n: number;
          open: number;
        }[]
      )[0]!;
    await waitFor(async () => (await deliveries()).open === 0, { what: 'every webhook delivery processed' });
    expect((await deliveries()).n).toBeGreaterThan(0);
  }, 90_000);

  it("a customer's message reaches the inbox's live stream (stored by the API, relayed and placed by a worker)", async () => {
    const stream = await connectSse(sb.url);
    streams.push(stream);
    await waitFor(() => stream.comments.includes('connected'));
    const wamid = sb.sim.customer('16505557301', { name: 'Pia Pooled' }).sendText('is my order on its way?');
    const event = await stream.waitFor((e) => e.event === 'inbound.created' && e.data.wamid === wamid, 'inbound.created');
    expect(event.data).toMatchObject({ direction: 'inbound', type: 'text' });
  });

  it('a campaign and a batch: every recipient sent once', async () => {
    const recipients = Array.from({ length: 25 }, (_, i) => ({ to: `+97250610${String(1000 + i)}`, variables: [`Friend ${i}`, '15%'] }));
    const campaign = await sb
      .api()
      .post('/v1/campaigns')
      .send({ name: 'pooled', template: { name: 'spring_sale', language: 'en' }, recipients })
      .expect(202);
    const batch = await sb
      .api()
      .post('/v1/messages/batch')
      .send({ messages: Array.from({ length: 25 }, (_, i) => messageRequest({ dedupe_key: `pooled-batch-${i}`, to: `+97250620${String(1000 + i)}` })) })
      .expect(200);
    const batched = (batch.body.results as { status: string; message: { id: string } }[]).map((r) => {
      expect(r.status).toBe('created');
      return r.message.id;
    });
    const run = async () => (await sb.api().get(`/v1/campaigns/${campaign.body.campaign.id}/run`).expect(200)).body.campaign;
    await waitFor(async () => (await run()).state === 'completed', { what: 'the campaign completed', timeoutMs: 60_000 });
    await waitFor(async () => (await Promise.all(batched.map(message))).every((m) => FINAL.includes(m.state)), {
      what: 'the batch delivered',
      timeoutMs: 60_000,
    });
    for (const r of recipients) expect(sb.sim.ledger().filter((m) => m.to === r.to.slice(1)).length).toBe(1);
    for (const id of batched) expect(sendsOf(id)).toBe(1);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
  }, 120_000);

  it('automatic assignment (an advisory lock per pass, two workers): each conversation assigned once, nobody over capacity', async () => {
    const agents: { id: string; cookie: string }[] = [];
    for (const name of ['Ana Pooled', 'Ben Pooled']) {
      const login = await createStaff(sb, 'agent', name);
      const cookie = await signIn(sb, login);
      // An open inbox tab is what makes someone online.
      streams.push(await connectSse(sb.url, { headers: { cookie } }));
      agents.push({ id: login.id, cookie });
    }
    await request(sb.url)
      .post('/v1/teams')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .send({
        name: 'Pooled support',
        member_ids: agents.map((a) => a.id),
        phone_number_ids: [TEST_SECRETS.phoneNumberId],
        assignment: { mode: 'balanced', max_open: 2 },
      })
      .expect(201);
    for (let i = 1; i <= 5; i++) sb.sim.customer(`1650555740${i}`, { name: `Customer ${i}` }).sendText(`order ${i} is late`);
    const assigned = async () =>
      (await sb.dataSource.query(`SELECT subject_id, details->>'to' AS agent FROM audit_events WHERE action = 'conversation.assigned'`)) as {
        subject_id: string;
        agent: string;
      }[];
    await waitFor(async () => (await assigned()).length === 4, { what: 'four conversations assigned', timeoutMs: 30_000 });
    // Passes keep running in both workers: nothing more to assign, nothing assigned twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const trail = await assigned();
    expect(trail).toHaveLength(4);
    expect(new Set(trail.map((a) => a.subject_id)).size).toBe(4);
    for (const agent of agents) expect(trail.filter((a) => a.agent === agent.id)).toHaveLength(2);
    const unassigned = (await asSession(sb, agents[0]!.cookie).get('/v1/conversations?view=unassigned').expect(200)).body.data as unknown[];
    // The conversation of the first test's customer and the fifth here.
    expect(unassigned.length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('PgBouncer carried the traffic: its transactions counted, more clients than server connections, never over its pool', async () => {
    // Counted while the flows above ran (claims and webhook stores are batched: no count per message).
    expect(await transactions()).toBeGreaterThan(atStart);
    expect(peak.servers).toBeGreaterThan(0);
    expect(peak.servers).toBeLessThanOrEqual(POOL_SIZE);
    expect(peak.clients).toBeGreaterThan(peak.servers);
    // The direct sessions are the workers' listeners only: everything else came through PgBouncer.
    const backends = (await sb.dataSource.query(`SELECT application_name FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`, [
      database,
    ])) as { application_name: string }[];
    expect(backends.filter((b) => !b.application_name.startsWith('sendbook listen ')).length).toBeLessThanOrEqual(POOL_SIZE);
  });
});
