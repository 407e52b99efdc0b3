import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { PartitionEventClaims1796340000000 as Conversion } from '../../apps/api/src/database/migrations/1796340000000-PartitionEventClaims.js';
import { WebhookRetention } from '../../apps/api/src/modules/webhooks/webhook-retention.service.js';
import { WebhooksRepository } from '../../apps/api/src/modules/webhooks/webhooks.repository.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { dayPartitionName, partitionsOf, startRoundDone } from './partition-support.js';
import { allProcessed, count, envelope, postWebhook, textMessage } from './webhook-support.js';

const claimDay = (daysAgo: number) => dayPartitionName('webhook_event_claims', daysAgo);

/**
 * Event claims in daily partitions: a key stays unique across the days (no index can say so: the
 * claim's lock per key does), retention drops whole days past 8 and never a younger one, and the
 * migration turns an installation's claims table into the first partition while webhooks go on.
 */
describe('event claims: daily partitions, each key claimed once across them', () => {
  let t: TestApp;
  let retention: WebhookRetention;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_SWEEP_INTERVAL_MS: '200', WEBHOOK_KEY_RETENTION_DAYS: '8', WEBHOOK_PARTITION_INTERVAL_MS: '86400000' } });
    retention = t.app.get(WebhookRetention);
    await startRoundDone(t.app);
  }, 120_000);
  afterAll(async () => {
    await migrations?.destroy();
    await t?.close();
  });

  const claimPartitions = () => partitionsOf(t.dataSource, 'webhook_event_claims');
  const inbound = (wamid: string) => count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = $1`, [wamid]);
  const deliver = async (wamid: string) => {
    expect((await postWebhook(t.url, envelope({ messages: [textMessage(wamid, `hello ${wamid}`, '16505550177')] }))).status).toBe(200);
    await waitFor(() => allProcessed(t.dataSource), { what: 'the delivery processed' });
  };

  it('a message claimed five days ago and delivered again today is a duplicate: the key is looked up in every day', async () => {
    await deliver('wamid.claim-days-1');
    expect(await inbound('wamid.claim-days-1')).toBe(1);
    // Its claim back five days: the row moves to the default partition (no partition is made for the past), then to its day.
    await t.dataSource.query(`UPDATE webhook_event_claims SET claimed_at = claimed_at - interval '5 days' WHERE key LIKE '%:wamid.claim-days-1'`);
    const round = (await retention.maintain()).claims!;
    expect(round.created).toContain(claimDay(5));
    expect(Number((await t.dataSource.query(`SELECT count(*) AS n FROM "${claimDay(5)}"`))[0].n)).toBe(1);

    await deliver('wamid.claim-days-1');
    expect(await inbound('wamid.claim-days-1')).toBe(1);
    const [latest] = (await t.dataSource.query(
      `SELECT events_applied, events_duplicate FROM webhook_deliveries WHERE convert_from(body, 'UTF8') LIKE '%wamid.claim-days-1%' ORDER BY received_at DESC LIMIT 1`,
    )) as { events_applied: number; events_duplicate: number }[];
    expect(latest).toEqual({ events_applied: 0, events_duplicate: 1 });
  });

  it('two transactions claiming one key at once: the second waits for the first and finds the key taken', async () => {
    const repo = t.app.get(WebhooksRepository);
    const key = `msg:test:wamid.${randomUUID()}`;
    const [first, second] = [randomUUID(), randomUUID()];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstClaimed!: () => void;
    const claimedByFirst = new Promise<void>((resolve) => (firstClaimed = resolve));
    const one = repo.transaction(async (tx) => {
      const claims = await repo.claimMany(tx, [{ key, field: 'messages' }], first, new Date());
      firstClaimed();
      await firstHolds;
      return claims.get(key);
    });
    await claimedByFirst;
    // A millisecond later, so without the lock nothing would stop a second row (the primary key holds the time).
    const two = repo.transaction(async (tx) => (await repo.claimMany(tx, [{ key, field: 'messages' }], second, new Date(Date.now() + 1))).get(key));
    const settled = await Promise.race([two.then(() => 'finished'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))]);
    expect(settled).toBe('waiting');
    releaseFirst();
    expect(await one).toEqual({ claimed: true, owner: null });
    expect(await two).toEqual({ claimed: false, owner: first });
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key = $1`, [key])).toBe(1);
  });

  it('retention drops whole days of claims past 8 days and keeps every younger claim', async () => {
    const seed = (daysAgo: number, n: number) =>
      t.dataSource.query(
        `INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at)
         SELECT 'msg:test:wamid.old-' || $1::int || '-' || i, 'messages', gen_random_uuid(), 'done', now() - make_interval(days => $1::int) FROM generate_series(1, $2::int) AS i`,
        [daysAgo, n],
      );
    await seed(12, 100);
    await seed(9, 100);
    await seed(7, 100);
    const round = (await retention.maintain()).claims!;
    expect(round.created).toEqual(expect.arrayContaining([claimDay(12), claimDay(9), claimDay(7)]));
    expect(round.dropped).toEqual(expect.arrayContaining([claimDay(12), claimDay(9)]));
    expect(round.dropped).not.toContain(claimDay(7));
    expect(round.stray).toEqual([]);
    const partitions = await claimPartitions();
    expect(partitions).not.toContain(claimDay(9));
    expect(partitions).toEqual(expect.arrayContaining([claimDay(7), claimDay(5), claimDay(0), claimDay(-3), 'webhook_event_claims_default']));
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key LIKE 'msg:test:wamid.old-7-%'`)).toBe(100);
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key LIKE 'msg:test:wamid.old-9-%'`)).toBe(0);
  });

  // As migrations run (runMigrations): their own connection, no statement or read timeout.
  let migrations: DataSource;
  const unlimitedSession = async () => {
    migrations ??= await new DataSource(dataSourceOptions(t.config.databaseUrl!)).initialize();
    return migrations.createQueryRunner();
  };

  it("converting an installation's claims table: it becomes the first partition, no claim copied, none lost, none applied twice, acks meanwhile", async () => {
    await deliver('wamid.claim-convert-1');
    const runner = await unlimitedSession();
    await new Conversion().down(runner);
    // A week of claims from before, 200,000 of them.
    await runner.query(
      `INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at)
       SELECT 'st:test:wamid.hist-' || i || ':delivered', 'messages', gen_random_uuid(), 'done', now() - i * interval '3 seconds' FROM generate_series(1, 200000) AS i`,
    );
    const before = await count(t.dataSource, `SELECT 1 FROM webhook_event_claims`);

    const traffic = { running: true };
    const failed: number[] = [];
    const waits: number[] = [];
    const load = (async () => {
      for (let i = 0; traffic.running; i++) {
        // New messages, and the one claimed before the conversion delivered again and again.
        const wamid = i % 2 === 0 ? `wamid.claim-during-${i}` : 'wamid.claim-convert-1';
        const started = performance.now();
        const response = await postWebhook(t.url, envelope({ messages: [textMessage(wamid, `during ${i}`, '16505550178')] }));
        waits.push(performance.now() - started);
        if (response.status !== 200) failed.push(response.status);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await new Conversion().up(runner);
    await runner.release();
    await new Promise((resolve) => setTimeout(resolve, 500));
    traffic.running = false;
    await load;
    await waitFor(() => allProcessed(t.dataSource), { what: 'every delivery processed' });

    expect(failed).toEqual([]);
    console.log(`claims conversion under load: ${waits.length} acks, the longest ${Math.max(...waits).toFixed(0)} ms`);
    expect(
      ((await t.dataSource.query(`SELECT relkind AS kind FROM pg_class WHERE oid = 'webhook_event_claims'::regclass`)) as { kind: string }[])[0]!.kind,
    ).toBe('p');
    const partitions = await claimPartitions();
    expect(partitions).toEqual(expect.arrayContaining(['webhook_event_claims_legacy', claimDay(-2), claimDay(-5), 'webhook_event_claims_default']));
    // Every claim from before is there, in the old table now a partition; the message claimed before was never applied again.
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims_legacy WHERE key LIKE 'st:test:wamid.hist-%'`)).toBe(200_000);
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims`)).toBeGreaterThanOrEqual(before);
    expect(await inbound('wamid.claim-convert-1')).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_event_claims WHERE key LIKE '%:wamid.claim-convert-1' GROUP BY key HAVING count(*) > 1`)).toBe(0);
    // The first partition is young (its bound is the day after tomorrow): retention keeps it.
    const round = (await retention.maintain()).claims!;
    expect(round.dropped).toEqual([]);
    expect(await claimPartitions()).toContain('webhook_event_claims_legacy');
  }, 180_000);
});
