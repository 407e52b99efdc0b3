import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { PartitionStatusEvents1796340000002 as Conversion } from '../../apps/api/src/database/migrations/1796340000002-PartitionStatusEvents.js';
import { WebhookRetention } from '../../apps/api/src/modules/webhooks/webhook-retention.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { dayPartitionName, startRoundDone } from './partition-support.js';
import { allProcessed, count, envelope, insertOutbound, postWebhook, statusItem } from './webhook-support.js';

const statusDay = (daysAgo: number) => dayPartitionName('message_status_events', daysAgo);

/**
 * Status events (three a message) in daily partitions: statuses land in today's, retention drops
 * whole days past STATUS_EVENT_RETENTION_DAYS but waits for a day holding a parked status, and the
 * migration turns an installation's table into the first partition while statuses go on, its ids
 * going on from the same sequence.
 */
describe('status events: daily partitions, retention by the day', () => {
  let t: TestApp;
  let retention: WebhookRetention;
  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_SWEEP_INTERVAL_MS: '200', STATUS_EVENT_RETENTION_DAYS: '400', WEBHOOK_PARTITION_INTERVAL_MS: '86400000' } });
    retention = t.app.get(WebhookRetention);
    await startRoundDone(t.app);
  }, 120_000);
  afterAll(async () => {
    await migrations?.destroy();
    await t?.close();
  });

  const deliverStatus = async (wamid: string, status: string) => {
    const body = envelope({ statuses: [statusItem({ wamid, status, timestamp: Math.floor(Date.now() / 1000) })] });
    expect((await postWebhook(t.url, body)).status).toBe(200);
  };
  const seed = (daysAgo: number, matchState: 'matched' | 'parked', n: number) =>
    t.dataSource.query(
      `INSERT INTO message_status_events (event_key, delivery_id, phone_number_id, wamid, status, received_at, raw, match_state)
       SELECT 'st:test:wamid.old-' || $1::int || '-' || $2::text || '-' || i || ':delivered', gen_random_uuid(), 'test', 'wamid.old-' || i, 'delivered',
              now() - make_interval(days => $1::int), '{}', $2::text FROM generate_series(1, $3::int) AS i`,
      [daysAgo, matchState, n],
    );

  it("a status lands in today's partition, once however often Meta sends it", async () => {
    const id = await insertOutbound(t.dataSource, { wamid: 'wamid.status-days-1' });
    await deliverStatus('wamid.status-days-1', 'delivered');
    await deliverStatus('wamid.status-days-1', 'delivered');
    await waitFor(() => allProcessed(t.dataSource), { what: 'both deliveries processed' });
    expect(await count(t.dataSource, `SELECT 1 FROM "${statusDay(0)}" WHERE message_id = $1`, [id])).toBe(1);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE message_id = $1`, [id])).toBe(1);
  });

  it('retention drops whole days past 400, and waits for a day holding a parked status', async () => {
    await seed(500, 'matched', 50);
    await seed(450, 'matched', 50);
    await seed(450, 'parked', 1);
    await seed(300, 'matched', 50);
    const round = (await retention.maintain()).statuses!;
    expect(round.created).toEqual(expect.arrayContaining([statusDay(500), statusDay(450), statusDay(300)]));
    expect(round.dropped).toEqual([statusDay(500)]);
    expect(round.waiting).toEqual([{ partition: statusDay(450), keeping: { parked: 1 } }]);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE event_key LIKE 'st:test:wamid.old-500-%'`)).toBe(0);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE event_key LIKE 'st:test:wamid.old-300-%'`)).toBe(50);

    // The parked status turns foreign (its message never appeared): the next round drops its day.
    await t.dataSource.query(`UPDATE message_status_events SET match_state = 'foreign' WHERE match_state = 'parked' AND phone_number_id = 'test'`);
    expect((await retention.maintain()).statuses!.dropped).toEqual([statusDay(450)]);
  });

  // As migrations run (runMigrations): their own connection, no statement or read timeout.
  let migrations: DataSource;

  it("converting an installation's table: it becomes the first partition, no row copied or lost, the ids go on, statuses meanwhile", async () => {
    migrations = await new DataSource(dataSourceOptions(t.config.databaseUrl!)).initialize();
    const runner = migrations.createQueryRunner();
    await new Conversion().down(runner);
    await runner.query(
      `INSERT INTO message_status_events (event_key, delivery_id, phone_number_id, wamid, status, received_at, raw, match_state)
       SELECT 'st:test:wamid.hist-' || i || ':read', gen_random_uuid(), 'test', 'wamid.hist-' || i, 'read', now() - i * interval '3 seconds', '{}', 'matched'
         FROM generate_series(1, 200000) AS i`,
    );
    const before = await count(t.dataSource, `SELECT 1 FROM message_status_events`);
    const [{ top }] = (await t.dataSource.query(`SELECT max(id)::bigint AS top FROM message_status_events`)) as { top: string }[];

    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => insertOutbound(t.dataSource, { wamid: `wamid.status-convert-${i}` })));
    const traffic = { running: true };
    const failed: number[] = [];
    let sent = 0;
    const load = (async () => {
      for (let i = 0; traffic.running && i < ids.length; i++, sent++) {
        const response = await postWebhook(
          t.url,
          envelope({ statuses: [statusItem({ wamid: `wamid.status-convert-${i}`, status: 'delivered', timestamp: Math.floor(Date.now() / 1000) })] }),
        );
        if (response.status !== 200) failed.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await new Conversion().up(runner);
    await runner.release();
    traffic.running = false;
    await load;
    await waitFor(() => allProcessed(t.dataSource), { what: 'every delivery processed' });

    expect(failed).toEqual([]);
    expect(
      ((await t.dataSource.query(`SELECT relkind AS kind FROM pg_class WHERE oid = 'message_status_events'::regclass`)) as { kind: string }[])[0]!.kind,
    ).toBe('p');
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events_legacy WHERE event_key LIKE 'st:test:wamid.hist-%'`)).toBe(200_000);
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events`)).toBe(before + sent);
    // Every status sent meanwhile applied once; the new rows' ids come after the old ones, from the sequence the table now owns.
    expect(await count(t.dataSource, `SELECT 1 FROM message_status_events WHERE message_id = ANY($1::uuid[])`, [ids.slice(0, sent)])).toBe(sent);
    const [{ newest }] = (await t.dataSource.query(`SELECT max(id)::bigint AS newest FROM message_status_events`)) as { newest: string }[];
    expect(BigInt(newest)).toBeGreaterThan(BigInt(top));
    expect(await t.dataSource.query(`SELECT pg_get_serial_sequence('message_status_events', 'id') AS s`)).toEqual([
      { s: 'public.message_status_events_id_seq' },
    ]);
    // The first partition is young (its bound is the day after tomorrow): retention keeps it.
    expect((await retention.maintain()).statuses!.dropped).toEqual([]);
  }, 180_000);
});
