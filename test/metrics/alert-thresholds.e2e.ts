import { MetricsSampler } from '../../apps/api/src/modules/metrics/metrics-sampler.service.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { allProcessed } from '../webhooks/webhook-support.js';

// Thresholds set low enough for a few messages: Meta sends every webhook twice, and
// takes 2.6 s to deliver (against a 1 s bound; Meta's timestamps are whole seconds).
describe('thresholds turn figures into alert work items', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      sim: { statusDelaysMs: { sent: 10, delivered: 2600, read: null }, chaos: { seed: 3, duplicateProbability: 1 } },
      app: {
        env: {
          ALERT_DELIVERY_P95_MAX_MS: '1000',
          ALERT_DELIVERY_MIN_SAMPLES: '3',
          ALERT_DUPLICATE_MIN_EVENTS: '4',
          SWEEP_INTERVAL_MS: '600000',
        },
      },
    });
  });
  afterAll(() => sb.close());

  it('a duplicate rate above its usual level and a sent→delivered p95 over its bound each raise one alert', async () => {
    const before = await sb.app.get(MetricsSampler).sample();
    expect(before).toEqual([]);

    for (let i = 0; i < 3; i++)
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: `slow-${i}`, to: `+97250888000${i}` }))
        .expect(201);
    await waitFor(async () => Number((await sb.dataSource.query(`SELECT count(*) AS n FROM outbound_messages WHERE delivered_at IS NOT NULL`))[0].n) === 3, {
      what: 'three deliveries',
    });
    await sb.sim.idle();
    await waitFor(() => allProcessed(sb.dataSource));

    const raised = await sb.app.get(MetricsSampler).sample();
    expect(raised.sort()).toEqual(['metrics.sent_delivered_p95', 'metrics.webhook_duplicate_rate']);
    const alerts = (await sb.api().get('/v1/work-items?kind=alert').expect(200)).body.data;
    expect(alerts.map((a: { alert: { key: string } }) => a.alert.key).sort()).toEqual(['metrics.sent_delivered_p95', 'metrics.webhook_duplicate_rate']);
    const p95 = alerts.find((a: { alert: { key: string } }) => a.alert.key === 'metrics.sent_delivered_p95').alert;
    expect(p95.details.p95_ms).toBeGreaterThan(1000);
    expect(p95.details.samples).toBe(3);
  });
});
