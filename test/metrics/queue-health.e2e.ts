import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { AdjustableClock } from '../../apps/api/src/common/clock.js';
import { MetricsRecorder } from '../../apps/api/src/modules/metrics/metrics-recorder.service.js';
import { MetricsSampler } from '../../apps/api/src/modules/metrics/metrics-sampler.service.js';
import { reminderPayload, REPLY_PURPOSE, sendTo } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed } from '../webhooks/webhook-support.js';

const STUCK_AFTER_MS = 60_000;

/** Nearest-rank percentile, written out here so the test does not check the code with itself. */
function nearestRank(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

describe('queue health: the five seed figures equal what was caused', () => {
  let sb: Sendbook;
  const clock = new AdjustableClock();
  beforeAll(async () => {
    sb = await startSendbook({
      sim: { pairBurst: 50, statusDelaysMs: { sent: 10, delivered: 1100, read: null }, chaos: { seed: 9, duplicateProbability: 1 } },
      app: { clock, env: { CONVERSATION_REPLY_PURPOSES: REPLY_PURPOSE, SWEEP_INTERVAL_MS: '600000', STUCK_SENDING_AFTER_MS: String(STUCK_AFTER_MS) } },
    });
  });
  afterAll(() => sb.close());

  const metrics = async (query = '') => (await sb.api().get(`/v1/metrics${query}`).expect(200)).body;
  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;

  it('duplicates on, a lost response, an ambiguous reply and a burst of duplicate enqueues', async () => {
    // A burst of duplicate enqueues: 8 of one business event, 4 of another (another purpose).
    const burst = [
      ...Array.from({ length: 8 }, () => messageRequest({ dedupe_key: 'health-burst-a', purpose: 'order_shipped', to: '+972501110001' })),
      ...Array.from({ length: 4 }, () => messageRequest({ dedupe_key: 'health-burst-b', purpose: 'receipt', to: '+972501110002' })),
    ];
    const answers = await Promise.all(burst.map((body) => sb.api().post('/v1/messages').send(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(200), 201, 201]);
    const burstIds = [...new Set(answers.map((a) => a.body.message.id as string))];

    // An ambiguous reply: two reminders await an answer, she answers without quoting either.
    const waId = '16505550177';
    const reminders = [await sendTo(sb, waId, reminderPayload('Monday')), await sendTo(sb, waId, reminderPayload('Tuesday'))];
    const delivered = async (ids: string[]) => (await Promise.all(ids.map(message))).every((m) => m.state === 'delivered');
    await waitFor(() => delivered([...burstIds, ...reminders.map((r) => r.id)]), { what: 'messages delivered' });
    const replyWamid = sb.sim.customer(waId).sendText('yes');
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM inbound_messages WHERE wamid = $1`, [replyWamid])).length === 1, {
      what: 'reply stored',
    });

    // One lost response: accepted by Meta, the answer never comes; its statuses come much later.
    sb.sim.configure({ statusDelaysMs: { sent: 600_000, delivered: null, read: null } });
    sb.sim.scriptNext(1, { kind: 'lose_response' });
    const lost = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'health-lost', to: '+972501110003' }))
        .expect(201)
    ).body.message.id as string;
    await waitFor(async () => (await message(lost)).last_error?.code === 'unknown_outcome', { what: 'unknown outcome' });
    await waitFor(async () => sb.sim.webhookDeliveries().every((d) => d.state === 'delivered') && (await allProcessed(sb.dataSource)), {
      what: 'webhooks processed',
    });

    // The worker's minute, as it runs in production: this minute's readings (worker slots among them).
    await sb.app.get(MetricsRecorder).flush();
    const firstSampleMinute = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000).toISOString();
    await sb.app.get(MetricsSampler).sample();
    // A minute later by the app's clock, the row is stuck.
    clock.advance(STUCK_AFTER_MS + 1_000);
    await sb.app.get(MetricsRecorder).flush();
    await sb.app.get(MetricsSampler).sample();

    // What the simulator caused, from its own records.
    const deliveries = sb.sim.webhookDeliveries();
    const duplicateEvents = deliveries.filter((d) => d.kind === 'duplicate').reduce((n, d) => n + d.events.length, 0);
    expect(duplicateEvents).toBeGreaterThan(0);
    const sentAt = new Map<string, number>();
    const deliveredAt = new Map<string, number>();
    for (const d of deliveries.filter((x) => x.kind === 'original')) {
      const body = JSON.parse(d.body) as { entry: { changes: { value: { statuses?: { id: string; status: string; timestamp: string }[] } }[] }[] };
      for (const s of body.entry.flatMap((e) => e.changes.flatMap((c) => c.value.statuses ?? []))) {
        if (s.status === 'sent') sentAt.set(s.id, Number(s.timestamp) * 1000);
        if (s.status === 'delivered') deliveredAt.set(s.id, Number(s.timestamp) * 1000);
      }
    }
    const gaps = [...deliveredAt].filter(([wamid]) => sentAt.has(wamid)).map(([wamid, at]) => at - sentAt.get(wamid)!);
    expect(gaps).toHaveLength(4);

    const m = await metrics();
    // 1. Rows in sending for more than a minute.
    expect(m.stuck_sending).toMatchObject({ current: 1, older_than_ms: STUCK_AFTER_MS });
    // The first minute's stored sample (not yet stuck), and this minute's reading.
    const at = (series: { at: string; value: number | null }[], minute: string) => series.find((p) => p.at === minute)?.value;
    expect(at(m.stuck_sending.series, firstSampleMinute)).toBe(0);
    expect(m.stuck_sending.series.at(-1).value).toBe(1);
    // 2. Writes rejected by the dedupe constraint, per purpose, over time.
    expect(m.dedupe_rejected.total).toBe(10);
    expect(m.dedupe_rejected.by_purpose).toEqual({ order_shipped: 7, receipt: 3 });
    expect(m.dedupe_rejected.series.reduce((n: number, p: { total: number }) => n + p.total, 0)).toBe(10);
    // 3. Webhook events we already had, per field.
    expect(m.webhook_duplicates.total).toBe(duplicateEvents);
    expect(m.webhook_duplicates.by_field).toEqual({ messages: duplicateEvents });
    // 4. Inbound stored without attribution.
    expect(m.unattributed_inbound.current).toBe(1);
    expect(at(m.unattributed_inbound.series, firstSampleMinute)).toBe(1);
    expect(m.unattributed_inbound.series.at(-1).value).toBe(1);
    // 5. Sent→delivered by Meta's timestamps.
    expect(m.sent_to_delivered.overall).toEqual({ count: 4, p50_ms: nearestRank(gaps, 50), p95_ms: nearestRank(gaps, 95) });
    expect(m.sent_to_delivered.series.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(4);

    // The pools: measured service, the slots that reported, ρ.
    expect(m.pools.outbound).toMatchObject({ workers: sb.config.outbox.sendConcurrency, backlog: 0 });
    expect(m.pools.outbound.served).toBeGreaterThanOrEqual(3);
    expect(m.pools.outbound.mean_service_ms).toBeGreaterThan(0);
    expect(m.pools.outbound.utilisation).toBeCloseTo(
      (m.pools.outbound.arrival_rate_per_s * m.pools.outbound.mean_service_ms) / 1000 / sb.config.outbox.sendConcurrency,
      10,
    );
    expect(m.pools.webhooks).toMatchObject({ workers: sb.config.webhooks.concurrency, served: deliveries.length });
    expect(m.queue_depth.by_state).toMatchObject({ sending: 1, queued: 0 });
    expect(m.send_outcomes.by_outcome).toMatchObject({ 'accepted:': 4, 'stuck:unknown_outcome': 1 });
    expect(m.throughput_by_number[sb.config.whatsapp.phoneNumberId]).toMatchObject({ sends: 4, cap_per_second: 80, bucket_rate_per_second: 72 });
    expect(m.webhook_ack_latency.count).toBe(deliveries.length);

    // The charts' series: per number, per state, per pool, bucket by bucket.
    const number = sb.config.whatsapp.phoneNumberId;
    const total = <T>(points: T[], of: (p: T) => number) => points.reduce((n, p) => n + of(p), 0);
    expect(m.sent_to_delivered.by_number).toEqual({ [number]: { overall: m.sent_to_delivered.overall, series: m.sent_to_delivered.series } });
    expect(m.sends_accepted).toMatchObject({ total: 4, by_number: { [number]: 4 } });
    expect(total(m.sends_accepted.series, (p: { total: number }) => p.total)).toBe(4);
    expect(m.queue_depth.series.at(-1).by_state).toMatchObject({ sending: 1, queued: 0 });
    type Point = { served: number; workers: number; utilisation: number | null; arrival_rate_per_s: number; mean_service_ms: number | null };
    for (const pool of ['outbound', 'webhooks'] as const) {
      const series: Point[] = m.pool_series[pool];
      expect(series).toHaveLength(m.sent_to_delivered.series.length);
      expect(total(series, (p) => p.served)).toBe(m.pools[pool].served);
      for (const p of series.filter((x) => x.workers > 0 && x.served > 0))
        expect(p.utilisation).toBeCloseTo((p.arrival_rate_per_s * p.mean_service_ms!) / 1000 / p.workers, 10);
    }
    // The webhooks were processed in the minute the first reading was taken: that bucket shows ρ.
    expect(m.pool_series.webhooks.some((p: Point) => p.workers === sb.config.webhooks.concurrency && p.utilisation! > 0)).toBe(true);

    // Prometheus: parsed by a real parser, the same figures.
    const res = await sb.api().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const families = new Map(parsePrometheusTextFormat(res.text).map((f: PromFamily) => [f.name, f]));
    const value = (name: string, labels: Record<string, string> = {}) =>
      Number(families.get(name)?.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v))?.value);
    expect(value('sendbook_outbox_stuck_sending')).toBe(1);
    expect(value('sendbook_outbox_dedupe_rejected_total', { purpose: 'order_shipped' })).toBe(7);
    expect(value('sendbook_outbox_dedupe_rejected_total', { purpose: 'receipt' })).toBe(3);
    expect(value('sendbook_webhook_duplicate_events_total', { field: 'messages' })).toBe(duplicateEvents);
    expect(value('sendbook_inbound_unattributed')).toBe(1);
    expect(families.get('sendbook_outbox_dedupe_rejected_total')?.type).toBe('COUNTER');
    expect(families.get('sendbook_webhook_ack_seconds')?.type).toBe('HISTOGRAM');
    expect(Number(families.get('sendbook_webhook_ack_seconds')?.metrics[0]?.count)).toBe(deliveries.length);
    expect(value('sendbook_pool_workers', { pool: 'outbound' })).toBe(sb.config.outbox.sendConcurrency);
    expect(value('sendbook_number_rate_cap', { phone_number_id: sb.config.whatsapp.phoneNumberId })).toBe(80);
    // No wamid or customer number ever becomes a label.
    expect(res.text).not.toMatch(/wamid|972501110001/);
    // The sent→delivered window is METRICS_WINDOW_MS (5 min): the gaps above are inside it.
    expect(value('sendbook_sent_to_delivered_seconds', { quantile: '0.95' })).toBe(nearestRank(gaps, 95)! / 1000);
  });

  it('stuck rows for five minutes become one alert work item; a person resolves it, audited', async () => {
    // The row from the previous test is still stuck: sample each minute for five minutes.
    for (let i = 0; i < 5; i++) {
      expect(await sb.app.get(MetricsSampler).sample()).not.toContain('metrics.stuck_sending');
      clock.advance(60_000);
    }
    expect(await sb.app.get(MetricsSampler).sample()).toContain('metrics.stuck_sending');
    clock.advance(60_000);
    await sb.app.get(MetricsSampler).sample();
    const items = (await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'alert',
      actions: ['resolve'],
      alert: { key: 'metrics.stuck_sending', source: 'metrics', state: 'open', raise_count: 2, details: { stuck_sending: 1 } },
    });

    const resolved = (await sb.api().post(`/v1/alerts/${items[0].id}/resolve`).send({ note: 'checked with Meta: sent once' }).expect(200)).body.alert;
    expect(resolved).toMatchObject({
      state: 'resolved',
      resolved_by: await sb.keyActor(),
      resolution_note: 'checked with Meta: sent once',
      resolved_at: expect.any(String),
    });
    expect((await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data).toEqual([]);
    await sb.api().post(`/v1/alerts/${items[0].id}/resolve`).send({}).expect(409);
    // A minute after the last sample, before the worker's next: the current bucket is this moment's reading, not a gap.
    clock.advance(60_000);
    const after = await metrics();
    expect(after.alerts_open).toBe(0);
    expect(after.stuck_sending.series.slice(-2).map((p: { value: number | null }) => p.value)).toEqual([1, 1]);
    expect(after.queue_depth.series.at(-1).by_state).toMatchObject({ sending: 1 });
  });

  it('validation errors name the field', async () => {
    const bad = async (query: string) => (await sb.api().get(`/v1/metrics${query}`).expect(400)).body;
    expect((await bad('?bucket=7m')).details).toEqual([expect.objectContaining({ field: 'bucket' })]);
    expect((await bad('?since=yesterday')).details).toEqual([expect.objectContaining({ field: 'since' })]);
    expect((await bad(`?since=${new Date(clock.now().getTime() + 3_600_000).toISOString()}`)).details).toEqual([expect.objectContaining({ field: 'since' })]);
    const since = new Date(clock.now().getTime() - 2 * 86_400_000).toISOString();
    expect((await bad(`?since=${since}&bucket=1m`)).details).toEqual([expect.objectContaining({ field: 'bucket' })]);
    const ok = await metrics(`?since=${since}&bucket=1h`);
    expect(ok.bucket).toBe('1h');
    expect(ok.dedupe_rejected.series.length).toBeGreaterThanOrEqual(48);
    await sb.api().get('/v1/metrics').set('Authorization', 'Bearer nope').expect(401);
  });
});
