import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { PartitionWebhookDeliveries1796330000000 as Conversion } from '../../apps/api/src/database/migrations/1796330000000-PartitionWebhookDeliveries.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { envelope, postWebhook, textMessage } from './webhook-support.js';

const STORED = 1_000_000;
const SENDERS = 4;

/**
 * The migration that partitions webhook_deliveries, run on an installation from before it (the
 * plain table, a million stored bodies over 23 days) while signed webhooks keep arriving at the
 * running API: every body acknowledged before, during and after is in the partitioned table
 * afterwards, and no ack waited as long as a second.
 */
describe('converting webhook_deliveries to daily partitions online, under signed load', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { WEBHOOK_PARTITION_INTERVAL_MS: '86400000' } } });
    // Back to the table as it was before partitioning, then its history.
    const runner = await unlimitedSession();
    await new Conversion().down(runner);
    await runner.query(
      `INSERT INTO webhook_deliveries (id, received_at, headers, body, state, processed_at, events_total, events_applied, events_duplicate)
       SELECT gen_random_uuid(), now() - i * interval '2 seconds', '{"content-type":"application/json"}',
              convert_to('{"object":"whatsapp_business_account","entry":[{"id":"old-' || i || '"}]}', 'UTF8'), 'processed', now(), 1, 1, 0
         FROM generate_series(1, ${STORED}) AS i`,
    );
    await runner.release();
  }, 300_000);
  afterAll(async () => {
    await migrations?.destroy();
    await sb?.close();
  });

  // As migrations run (runMigrations): their own connection, no statement or read timeout.
  let migrations: DataSource;
  const unlimitedSession = async () => {
    migrations ??= await new DataSource(dataSourceOptions(sb.config.databaseUrl!)).initialize();
    return migrations.createQueryRunner();
  };
  const kind = async () =>
    ((await sb.dataSource.query(`SELECT relkind AS kind FROM pg_class WHERE oid = 'webhook_deliveries'::regclass`)) as { kind: string }[])[0]!.kind;

  it(`a million bodies moved while the acks go on: none lost, no ack as long as a second`, async () => {
    expect(await kind()).toBe('r');
    const traffic = { running: true };
    const acked: string[] = [];
    const failed: number[] = [];
    const waits: number[] = [];
    const sender = async (n: number) => {
      for (let i = 0; traffic.running; i++) {
        const wamid = `wamid.convert-${n}-${i}`;
        const started = performance.now();
        const response = await postWebhook(sb.url, envelope({ messages: [textMessage(wamid, `during ${i}`, '16505550101')] }));
        waits.push(performance.now() - started);
        if (response.status === 200) acked.push(wamid);
        else failed.push(response.status);
      }
    };
    const load = Promise.all(Array.from({ length: SENDERS }, (_, n) => sender(n)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const runner = await unlimitedSession();
    const started = performance.now();
    await new Conversion().up(runner);
    const tookMs = performance.now() - started;
    await runner.release();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    traffic.running = false;
    await load;

    expect(await kind()).toBe('p');
    expect(failed).toEqual([]);
    const sorted = [...waits].sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
    console.log(
      `conversion of ${STORED} bodies: ${(tookMs / 1000).toFixed(1)} s; ${acked.length} acks meanwhile, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
    expect(sorted.at(-1)!).toBeLessThan(1_000);
    expect(acked.length).toBeGreaterThan(100);

    // Every body: the million from before, and each acknowledged during the conversion.
    const old = (await sb.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE convert_from(body, 'UTF8') LIKE '%"old-%'`)) as {
      n: number;
    }[];
    expect(old[0]!.n).toBe(STORED);
    const fresh = (await sb.dataSource.query(
      `SELECT count(DISTINCT substring(convert_from(body, 'UTF8') from 'wamid\\.convert-[0-9]+-[0-9]+'))::int AS n FROM webhook_deliveries WHERE received_at > now() - interval '1 hour'`,
    )) as { n: number }[];
    expect(fresh[0]!.n).toBe(acked.length);
    expect(((await sb.dataSource.query(`SELECT to_regclass('public.webhook_deliveries_unpartitioned') AS t`)) as { t: string | null }[])[0]!.t).toBeNull();
    // 23 days of history, each in its day's partition; none left in the default one.
    expect(Number((await sb.dataSource.query(`SELECT count(*) AS n FROM webhook_deliveries_default`))[0].n)).toBe(0);
  }, 600_000);
});
