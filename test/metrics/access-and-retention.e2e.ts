import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import request from 'supertest';
import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { MetricsSampler } from '../../apps/api/src/modules/metrics/metrics-sampler.service.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';

const TOKEN = 'scrape-me-0123456789';

describe('metrics: the scrape token, and retention that keeps totals', () => {
  const clock = new AdjustableClock();
  // Each scrape must see what the test just did: no reuse of the last answer (its own test is scrape-single-flight).
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      app: { clock, env: { METRICS_BEARER_TOKEN: TOKEN, METRICS_RETENTION_DAYS: '1', SWEEP_INTERVAL_MS: '600000', METRICS_SCRAPE_CACHE_MS: '0' } },
    });
  });
  afterAll(() => sb.close());

  const scrape = async () => {
    const res = await request(sb.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    const families = new Map(parsePrometheusTextFormat(res.text).map((f: PromFamily) => [f.name, f]));
    return (name: string, labels: Record<string, string> = {}) =>
      Number(families.get(name)?.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v))?.value);
  };
  const count = async (sql: string) => Number((await sb.dataSource.query(sql))[0].n);

  it('GET /metrics with METRICS_BEARER_TOKEN set: 401 without it or with another, 200 with it', async () => {
    expect((await request(sb.url).get('/metrics')).status).toBe(401);
    expect((await request(sb.url).get('/metrics').set('Authorization', 'Bearer nope')).status).toBe(401);
    expect((await request(sb.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(200);
  });

  it('the purge removes per-minute rows older than the retention but counters never go down', async () => {
    const body = messageRequest({ dedupe_key: 'retention-1', purpose: 'order_shipped' });
    for (let i = 0; i < 3; i++) await sb.api().post('/v1/messages').send(body);
    await sb.app.get(MetricsSampler).sample();
    expect((await scrape())('sendbook_outbox_dedupe_rejected_total', { purpose: 'order_shipped' })).toBe(2);
    const samplesBefore = await count(`SELECT count(*) AS n FROM metric_samples`);
    expect(samplesBefore).toBeGreaterThan(0);
    const today = `metric_samples_p${clock.now().toISOString().slice(0, 10).replaceAll('-', '')}`;

    clock.advance(2 * 86_400_000);
    await sb.app.get(MetricsSampler).sample();
    const purged = await sb.app.get(MetricsSampler).purge();
    // The readings go with their day's partition, dropped whole.
    expect(purged.samples?.dropped).toEqual([today]);
    expect(purged.counters).toBeGreaterThan(0);
    // Only the fresh sample is left, and the counter's total lives on in its all-time row.
    // (The app's clock is two days ahead of PostgreSQL's now().)
    expect(await count(`SELECT count(*) AS n FROM metric_samples WHERE bucket_start < now() + interval '1 day'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM metric_samples`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM metric_counters WHERE metric = 'outbox.dedupe_rejected' AND bucket_start > now() - interval '30 days'`)).toBe(
      0,
    );
    expect((await scrape())('sendbook_outbox_dedupe_rejected_total', { purpose: 'order_shipped' })).toBe(2);
  });
});
