import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { createWorkerContext } from '../../apps/api/src/create-app.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS, testEnv } from '../support/test-env.js';
import { testInfra } from '../support/test-infra.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed, count, counter, envelope, insertOutbound, outbound, postWebhook, statusItem, textMessage } from './webhook-support.js';

const T0 = 1_790_000_000;
const databaseOf = (url: string) => new URL(url).pathname.slice(1);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testInfra().serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The built API as its own process (`npm run serve`'s entry), against the test's database and Redis. */
function serveProcess(
  t: TestApp,
  env: Record<string, string>,
): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, [path.resolve('apps/api/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      ...testEnv({ LOG_LEVEL: 'info', DATABASE_URL: t.config.databaseUrl, REDIS_URL: t.config.redisUrl, REDIS_PREFIX: t.config.redisPrefix, ...env }),
    } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"boot.ready"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`process exited (${code}) before it was ready: ${output.slice(-2000)}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, ready, exited, output: () => output };
}

describe('PostgreSQL unavailable during the POST', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // Meta's retry schedule (1 s, doubling) scaled down so its retries come within the test.
    sb = await startSendbook({ sim: { timeScale: 1 / 10 }, app: { env: { WEBHOOK_SWEEP_INTERVAL_MS: '500' } } });
  });
  afterAll(() => sb.close());

  it('answers 500, stores nothing; Meta’s retry later succeeds and the message is applied once', async () => {
    const database = databaseOf(sb.config.databaseUrl);
    await admin(async (c) => {
      await c.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS false`);
      // A connection that was starting up as the ALTER committed can still get in (a pool refilling,
      // the relay re-listening): terminate until a pass finds none.
      for (let pass = 0; pass < 50; pass++) {
        const killed = await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
        if (killed.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    let reopened = false;
    try {
      const wamid = sb.sim.customer('16505550101', { name: 'Outage' }).sendText('are you there?');
      const attempts = () =>
        sb.sim
          .webhookDeliveries()
          .filter((d) => d.events.some((e) => e.wamid === wamid))
          .flatMap((d) => d.attempts.map((a) => a.statusCode));
      await waitFor(() => attempts().includes(500), { what: 'a 500 answered to Meta while PostgreSQL is away' }).catch((error: Error) => {
        throw new Error(`${error.message}; the attempts' answers so far: ${JSON.stringify(attempts())}`);
      });
      await admin((c) => c.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS true`));
      reopened = true;
      await waitFor(() => sb.sim.webhookDeliveries().some((d) => d.events.some((e) => e.wamid === wamid) && d.state === 'delivered'), {
        timeoutMs: 30_000,
        what: 'the retried POST acknowledged',
      });
      const delivery = sb.sim.webhookDeliveries().find((d) => d.events.some((e) => e.wamid === wamid))!;
      expect(delivery.attempts.map((a) => a.statusCode)).toContain(500);
      expect(delivery.attempts.at(-1)?.statusCode).toBe(200);
      await waitFor(async () => (await count(sb.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = $1`, [wamid])) === 1);
      // Exactly one stored copy: the 500s stored nothing.
      expect(await count(sb.dataSource, `SELECT 1 FROM webhook_deliveries WHERE body = $1`, [Buffer.from(delivery.body)])).toBe(1);
    } finally {
      if (!reopened) await admin((c) => c.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS true`));
    }
  });
});

describe('a worker killed mid-event', () => {
  let t: TestApp;
  let takeover: INestApplicationContext | undefined;
  beforeAll(async () => {
    // This process only answers HTTP; the worker is a separate process we can kill.
    t = await startTestApp({ env: { ROLE: 'api', WEBHOOK_LEASE_MS: '1500', WEBHOOK_SWEEP_INTERVAL_MS: '300' } });
  });
  afterAll(async () => {
    await takeover?.close();
    await t.close();
  });

  it('its transaction dies with it; after the lease expires another worker applies the event exactly once', async () => {
    const id = await insertOutbound(t.dataSource);
    const wamid = `wamid.${id}`;
    const worker = serveProcess(t, { ROLE: 'worker', WEBHOOK_LEASE_MS: '1500', WEBHOOK_SWEEP_INTERVAL_MS: '600000' });
    await worker.ready;

    // Hold the outbound row so the worker stops in the middle of the event: claim written, effects not.
    const blocker = new pg.Client({ connectionString: t.config.databaseUrl });
    blocker.on('error', () => undefined);
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM outbound_messages WHERE id = $1 FOR UPDATE`, [id]);
    expect((await postWebhook(t.url, envelope({ statuses: [statusItem({ wamid, status: 'delivered', timestamp: T0 })] }))).status).toBe(200);
    let workerBackend = 0;
    await waitFor(
      async () => {
        if (worker.child.exitCode !== null) throw new Error(`the worker exited: ${worker.output().slice(-3000)}`);
        const rows = await blocker.query(`SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))`);
        workerBackend = rows.rows[0]?.pid ?? 0;
        return workerBackend !== 0;
      },
      { what: 'the worker blocked mid-event', timeoutMs: 20_000 },
    ).catch(async (error: Error) => {
      worker.child.kill('SIGKILL');
      const d = await blocker.query(`SELECT state, attempts, lease_until FROM webhook_deliveries`);
      const a = await blocker.query(`SELECT pid, state, wait_event_type, wait_event, query FROM pg_stat_activity WHERE datname = current_database()`);
      throw new Error(`${error.message}; ${JSON.stringify(d.rows)} ${JSON.stringify(a.rows)} worker output: ${worker.output().slice(-300)}`);
    });

    worker.child.kill('SIGKILL');
    await worker.exited;
    await blocker.query('ROLLBACK');
    await blocker.end();
    // The dead client's session ends and its open transaction, claim included, is rolled back.
    await waitFor(async () => (await count(t.dataSource, `SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [workerBackend])) === 0, {
      what: 'the dead worker session gone',
    });
    const key = `st:${TEST_SECRETS.phoneNumberId}:${wamid}:delivered`;
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key = $1`, [key])).toBe(0);
    expect((await outbound(t.dataSource, id)).state).toBe('accepted');

    // Another worker comes up; its sweep finds the expired lease and takes the delivery over.
    takeover = await createWorkerContext({ ...t.config, role: 'worker' });
    await waitFor(async () => (await outbound(t.dataSource, id)).state === 'delivered', { timeoutMs: 20_000, what: 'the event applied by the other worker' });
    await waitFor(() => allProcessed(t.dataSource));
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key = $1`, [key])).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM outbound_message_events WHERE message_id = $1 AND actor = 'webhook'`, [id])).toBe(1);
    const [delivery] = await t.dataSource.query(`SELECT attempts, state FROM webhook_deliveries`);
    expect(delivery).toEqual({ attempts: 2, state: 'processed' });
  });
});

describe('sweeper, replay and key retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_SWEEP_INTERVAL_MS: '300' } });
  });
  afterAll(() => t.close());

  it('a delivery stored but never enqueued (crash between store and enqueue) is picked up by the sweeper', async () => {
    const body = envelope({ messages: [textMessage('wamid.orphan-1', 'stored, never queued')] });
    await t.dataSource.query(`INSERT INTO webhook_deliveries (received_at, headers, body) VALUES (now() - interval '1 minute', '{}', $1)`, [Buffer.from(body)]);
    await waitFor(async () => (await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = 'wamid.orphan-1'`)) === 1);
    await waitFor(() => allProcessed(t.dataSource));
  });

  it('POST /v1/webhooks/replay by time range and by id re-processes, applying nothing twice', async () => {
    const from = new Date(Date.now() - 1000);
    const id = await insertOutbound(t.dataSource);
    await postWebhook(
      t.url,
      envelope({ statuses: [statusItem({ wamid: `wamid.${id}`, status: 'sent', timestamp: T0 })], messages: [textMessage('wamid.replay-1', 'replay me')] }),
    );
    await waitFor(() => allProcessed(t.dataSource));
    const auth = { authorization: `Bearer ${TEST_SECRETS.apiKey}`, 'content-type': 'application/json' };
    const reprocessedBefore = await counter(t.dataSource, 'webhooks.reprocessed_event');

    const res = await fetch(`${t.url}/v1/webhooks/replay`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ since: from.toISOString(), until: new Date().toISOString() }),
    });
    expect(res.status).toBe(202);
    const replayed = (await res.json()) as { replayed: number; ids: string[] };
    expect(replayed.replayed).toBe(1);
    await waitFor(async () => (await counter(t.dataSource, 'webhooks.reprocessed_event')) === reprocessedBefore + 2);
    await waitFor(() => allProcessed(t.dataSource));
    expect(await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = 'wamid.replay-1'`)).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM outbound_message_events WHERE message_id = $1 AND actor = 'webhook'`, [id])).toBe(1);

    const byId = await fetch(`${t.url}/v1/webhooks/replay`, { method: 'POST', headers: auth, body: JSON.stringify({ ids: replayed.ids }) });
    expect(((await byId.json()) as { replayed: number }).replayed).toBe(1);
    // Let that replay finish, so the next test's replay does not race it for the delivery's lease.
    await waitFor(async () => (await counter(t.dataSource, 'webhooks.reprocessed_event')) === reprocessedBefore + 4);
    expect((await fetch(`${t.url}/v1/webhooks/replay`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(400);
    expect((await fetch(`${t.url}/v1/webhooks/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ids":[]}' })).status).toBe(
      401,
    );
  });

  it('the replay CLI re-processes a time range in its own process, safely', async () => {
    await waitFor(() => allProcessed(t.dataSource));
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const child = spawn(process.execPath, [path.resolve('apps/api/dist/cli/replay-webhooks.js'), '--since', since, '--until', new Date().toISOString()], {
      env: {
        PATH: process.env.PATH,
        ...testEnv({ LOG_LEVEL: 'silent', DATABASE_URL: t.config.databaseUrl, REDIS_URL: t.config.redisUrl, REDIS_PREFIX: t.config.redisPrefix }),
      } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const summary = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(summary.deliveries).toBeGreaterThanOrEqual(2);
    expect(summary.events_applied).toBe(0);
    // A running worker's sweeper may still take one in the instant between its reset and the
    // CLI's lease: then the CLI reports it skipped, and the worker processes it. Nothing fails.
    const { processed = 0, skipped = 0, ...others } = summary.outcomes as Record<string, number>;
    expect(others).toEqual({});
    expect(processed + skipped).toBe(summary.deliveries);
    expect(processed).toBeGreaterThanOrEqual(1);
    await waitFor(() => allProcessed(t.dataSource));
    expect(await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid IN ('wamid.replay-1', 'wamid.orphan-1')`)).toBe(2);
  });
});
