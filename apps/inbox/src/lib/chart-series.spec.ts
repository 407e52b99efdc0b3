import type { MetricsReport, NumberStatus } from '@sendbook/api-contract';
import {
  acceptedChart,
  bucketWords,
  chartRows,
  depthChart,
  formatValue,
  hasData,
  healthCharts,
  healthRange,
  latencyChart,
  numberNote,
  pointHref,
  utilisationChart,
} from './chart-series';

const at = (minute: number) => `2026-09-21T06:${String(minute).padStart(2, '0')}:00.000Z`;

function report(overrides: Partial<MetricsReport> = {}): MetricsReport {
  const empty = [0, 1, 2].map((m) => ({ at: at(m), total: 0, by_field: {}, by_purpose: {}, by_number: {} }));
  return {
    generated_at: at(3),
    since: at(0),
    until: at(3),
    bucket: '1m',
    stuck_sending: { current: 0, older_than_ms: 60_000, series: [] },
    dedupe_rejected: {
      total: 2,
      by_purpose: { promo: 2 },
      series: empty.map((p, i) => ({ at: p.at, total: i === 2 ? 2 : 0, by_purpose: i === 2 ? { promo: 2 } : {} })),
    },
    webhook_duplicates: { total: 0, by_field: {}, series: empty.map((p) => ({ at: p.at, total: 0, by_field: {} })) },
    unattributed_inbound: { current: 0, series: [] },
    sent_to_delivered: {
      overall: { count: 1, p50_ms: 1500, p95_ms: 2000 },
      series: [],
      by_number: {
        '1065': {
          overall: { count: 1, p50_ms: 1500, p95_ms: 2000 },
          series: [0, 1, 2].map((m) => ({ at: at(m), count: m === 1 ? 1 : 0, p50_ms: m === 1 ? 1500 : null, p95_ms: m === 1 ? 2000 : null })),
        },
      },
    },
    pools: {},
    pool_series: {
      webhooks: [0, 1, 2].map((m) => ({
        at: at(m),
        utilisation: m === 2 ? 0.25 : null,
        arrival_rate_per_s: 0,
        mean_service_ms: null,
        workers: 1,
        backlog: 0,
        served: 0,
      })),
    },
    queue_depth: { by_state: {}, by_number: {}, queues: {}, series: [0, 1, 2].map((m) => ({ at: at(m), by_state: m === 0 ? {} : { queued: m, sending: 0 } })) },
    sends_accepted: { total: 3, by_number: { '1065': 3 }, series: [0, 1, 2].map((m) => ({ at: at(m), total: m, by_number: m ? { '1065': m } : {} })) },
    throughput_by_number: { '1065': { sends: 3, per_second: 0.05, cap_per_second: 80 } },
    ...overrides,
  } as unknown as MetricsReport;
}

describe('health charts from /v1/metrics', () => {
  it('sent → delivered: p50 and p95 per number, in seconds, opening the stuck queue of that number', () => {
    const chart = latencyChart(report());
    expect(chart.unit).toBe('seconds');
    expect(chart.times).toEqual([Date.parse(at(0)), Date.parse(at(1)), Date.parse(at(2))]);
    expect(chart.lines.map((l) => [l.label, l.values])).toEqual([
      ['p50 · 1065', [null, 1.5, null]],
      ['p95 · 1065', [null, 2, null]],
    ]);
    expect(chart.lines[0]!.link).toEqual({ kind: 'stuck_sending', number: '1065' });
  });

  it('queue depth: one line per state seen, null where no reading, states with a queue link to it', () => {
    const chart = depthChart(report());
    expect(chart.lines.map((l) => [l.label, l.values, l.link])).toEqual([
      ['queued', [null, 1, 2], null],
      ['sending', [null, 0, 0], { kind: 'stuck_sending' }],
    ]);
  });

  it('accepted sends per number, with its cap over one bucket (dashed) and its tier and quality', () => {
    const number = {
      phone_number_id: '1065',
      rate_per_second: 80,
      messaging_limit: { scope: 'number', scope_id: '1065', limit: 1000, users_in_window: 3 },
      profile: { quality_rating: 'GREEN' },
    } as unknown as NumberStatus;
    const chart = acceptedChart(report(), [number]);
    expect(chart.unit).toBe('sends per minute');
    expect(chart.lines).toEqual([{ label: '1065 (tier 1,000 / 24 h, quality GREEN)', values: [0, 1, 2], link: { kind: 'failed', number: '1065' } }]);
    // 4,800 a minute would flatten 2 sends into the axis: said, not drawn.
    expect(chart.offScale).toEqual(['Cap of 1065: 4,800 sends per minute, far above these sends.']);
  });

  it('a cap near the sends is drawn as a dashed line', () => {
    const chart = acceptedChart(report({ throughput_by_number: { '1065': { sends: 3, per_second: 0.05, cap_per_second: 0.05 } } } as never));
    expect(chart.lines[1]).toEqual({ label: 'cap · 1065', values: [3, 3, 3], reference: true, link: null });
    expect(chart.offScale).toEqual([]);
  });

  it('a measured 0 is data (0 ms), a count of 0 is not', () => {
    const zero = report({
      sent_to_delivered: {
        overall: { count: 1, p50_ms: 0, p95_ms: 0 },
        series: [],
        by_number: { '1065': { overall: { count: 1, p50_ms: 0, p95_ms: 0 }, series: [{ at: at(0), count: 1, p50_ms: 0, p95_ms: 0 }] } },
      },
    } as never);
    expect(hasData(latencyChart(zero))).toBe(true);
    expect(chartRows(latencyChart(zero))).toEqual([{ at: Date.parse(at(0)), values: [0, 0] }]);
  });

  it.each([
    [{ limit: 'unlimited' }, undefined, ' (tier unlimited)'],
    [{ limit: 250 }, { quality_rating: 'YELLOW' }, ' (tier 250 / 24 h, quality YELLOW)'],
  ])('numberNote %j', (limit, profile, words) => {
    expect(numberNote({ messaging_limit: limit, profile } as unknown as NumberStatus)).toBe(words);
    expect(numberNote(undefined)).toBe('');
  });

  it('ρ per pool with the line at 1', () => {
    const chart = utilisationChart(report());
    expect(chart.lines.map((l) => [l.label, l.values, l.reference ?? false])).toEqual([
      ['webhooks', [null, null, 0.25], false],
      ['ρ = 1', [1, 1, 1], true],
    ]);
  });

  it('every chart has a title, a unit and a description; empty ones say so', () => {
    const charts = healthCharts(report());
    expect(charts.map((c) => c.key)).toEqual(['latency', 'depth', 'accepted', 'utilisation', 'duplicates', 'dedupe']);
    expect(charts.filter((c) => c.integer).map((c) => c.key)).toEqual(['depth', 'accepted', 'duplicates', 'dedupe']);
    for (const chart of charts) {
      expect(chart.unit.length).toBeGreaterThan(2);
      expect(chart.description.length).toBeGreaterThan(20);
    }
    expect(hasData(charts.find((c) => c.key === 'duplicates')!)).toBe(false);
    expect(hasData(charts.find((c) => c.key === 'dedupe')!)).toBe(true);
    // A reference line alone is not data.
    expect(
      hasData({
        ...utilisationChart(
          report({
            pool_series: { webhooks: [{ at: at(0), utilisation: null, arrival_rate_per_s: 0, mean_service_ms: null, workers: 0, backlog: 0, served: 0 }] },
          } as never),
        ),
      }),
    ).toBe(false);
  });

  it('a point opens its queue with what was already waiting at the end of its bucket', () => {
    expect(pointHref({ kind: 'stuck_sending', number: '1065' }, Date.parse(at(1)), 60_000)).toBe(
      '/work/stuck_sending?number=1065&before=2026-09-21T06%3A02%3A00.000Z',
    );
    expect(pointHref({ kind: 'held' }, Date.parse(at(0)), 60_000)).toBe('/work/held?before=2026-09-21T06%3A01%3A00.000Z');
  });

  it('the table alternative: buckets with a value, newest first, references left out', () => {
    expect(chartRows(acceptedChart(report()))).toEqual([
      { at: Date.parse(at(2)), values: [2] },
      { at: Date.parse(at(1)), values: [1] },
    ]);
    expect(chartRows(acceptedChart(report()), 1)).toHaveLength(1);
  });

  it.each([
    [null, '—'],
    [3, '3'],
    [1234, '1,234'],
    [0.25, '0.25'],
    [1.23456, '1.235'],
    [12.345, '12.3'],
  ])('formatValue(%s) → %s', (value, text) => {
    expect(formatValue(value)).toBe(text);
  });

  it.each([
    ['1h', '1m'],
    ['7d', '1h'],
    ['nonsense', '1m'],
  ])('range %s is read with %s buckets', (key, bucket) => {
    expect(healthRange(key).bucket).toBe(bucket);
  });

  it.each([
    [60_000, 'minute'],
    [300_000, '5 min'],
    [3_600_000, 'hour'],
    [21_600_000, '6 h'],
  ])('bucketWords(%s) → %s', (ms, words) => {
    expect(bucketWords(ms)).toBe(words);
  });
});
