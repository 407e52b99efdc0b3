import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { PartitionMetricSamples1796350100000 as Conversion } from '../../apps/api/src/database/migrations/1796350100000-PartitionMetricSamples.js';
import { MetricsSampler } from '../../apps/api/src/modules/metrics/metrics-sampler.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { dayPartitionName } from '../webhooks/partition-support.js';

const sampleDay = (daysAgo: number) => dayPartitionName('metric_samples', daysAgo);
const count = async (db: DataSource, sql: string) => Number(((await db.query(sql)) as { n: string }[])[0]!.n);

/**
 * Gauge readings in daily partitions: retention drops whole days past METRICS_RETENTION_DAYS, and
 * the migration turns an installation's table into the first
 * partition while the sampler keeps writing.
 */
describe('metric samples: daily partitions, retention by the day', () => {
  let t: TestApp;
  let sampler: MetricsSampler;
  // As migrations run (runMigrations): their own connection, no statement or read timeout.
  let migrations: DataSource;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_RETENTION_DAYS: '14', METRICS_SAMPLE_INTERVAL_MS: '3600000', METRICS_PURGE_INTERVAL_MS: '86400000' } });
    sampler = t.app.get(MetricsSampler);
  }, 120_000);
  afterAll(async () => {
    await migrations?.destroy();
    await t?.close();
  });

  const seed = (db: DataSource, label: string, fromDaysAgo: number, minutes: number) =>
    db.query(
      `INSERT INTO metric_samples (metric, label, bucket_start, value, sampled_at)
       SELECT 'test.gauge', $1::text, date_trunc('day', now()) - make_interval(days => $2::int) + interval '1 hour' + i * interval '1 minute', i, now()
         FROM generate_series(0, $3::int - 1) AS i`,
      [label, fromDaysAgo, minutes],
    );

  it('retention drops whole days past 14 and keeps the rest', async () => {
    await seed(t.dataSource, 'old', 20, 60);
    await seed(t.dataSource, 'recent', 10, 60);
    const { samples } = await sampler.purge();
    expect(samples!.created).toEqual(expect.arrayContaining([sampleDay(20), sampleDay(10)]));
    expect(samples!.dropped).toEqual([sampleDay(20)]);
    expect(samples!.stray).toEqual([]);
    expect(await count(t.dataSource, `SELECT count(*) AS n FROM metric_samples WHERE label = 'old'`)).toBe(0);
    expect(await count(t.dataSource, `SELECT count(*) AS n FROM metric_samples WHERE label = 'recent'`)).toBe(60);
    expect(await count(t.dataSource, `SELECT count(*) AS n FROM alerts WHERE key = 'metrics.partition_missing' AND state = 'open'`)).toBe(0);
  });

  it("converting an installation's table: it becomes the first partition, no reading lost, the sampler writing meanwhile", async () => {
    migrations = await new DataSource(dataSourceOptions(t.config.databaseUrl!)).initialize();
    const runner = migrations.createQueryRunner();
    await new Conversion().down(runner);
    // 100,000 minutes of one gauge: about 69 days of history.
    await seed(migrations, 'history', 70, 100_000);
    const before = await count(t.dataSource, `SELECT count(*) AS n FROM metric_samples`);

    const sampling = { running: true, rounds: 0, failures: [] as unknown[] };
    const load = (async () => {
      while (sampling.running) {
        await sampler.sample().then(
          () => sampling.rounds++,
          (error: unknown) => sampling.failures.push(error),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Conversion().up(runner);
    await runner.release();
    sampling.running = false;
    await load;

    expect(sampling.failures).toEqual([]);
    expect(sampling.rounds).toBeGreaterThan(0);
    expect(((await t.dataSource.query(`SELECT relkind AS kind FROM pg_class WHERE oid = 'metric_samples'::regclass`)) as { kind: string }[])[0]!.kind).toBe(
      'p',
    );
    expect(await count(t.dataSource, `SELECT count(*) AS n FROM metric_samples_legacy WHERE label = 'history'`)).toBe(100_000);
    expect(await count(t.dataSource, `SELECT count(*) AS n FROM metric_samples`)).toBeGreaterThanOrEqual(before);
    // A reading of this minute written again replaces the first (the key holds the day already).
    await sampler.sample();
    const [{ n }] = (await t.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM metric_samples GROUP BY metric, label, bucket_start HAVING count(*) > 1) d`,
    )) as { n: number }[];
    expect(n).toBe(0);
    // The history is in the first partition, whose bound is the day after tomorrow: it goes once that is 14 days past.
    expect((await sampler.purge()).samples!.dropped).toEqual([]);
    expect(await count(t.dataSource, `SELECT count(*) AS n FROM metric_samples WHERE label = 'history'`)).toBe(100_000);
  }, 180_000);
});
