import type { MetricsReport } from '@sendbook/api-contract';
import { durationWords, latencyWords } from './time';
import { healthTiles, oldestWords, sparklinePath, trendWords } from './health-figures';

function report(overrides: Partial<Record<string, unknown>> = {}): MetricsReport {
  return {
    generated_at: '2026-12-02T14:30:00Z',
    since: '2026-12-02T13:30:00Z',
    until: '2026-12-02T14:30:00Z',
    bucket: '1m',
    stuck_sending: {
      current: 0,
      older_than_ms: 120_000,
      series: [
        { at: 'a', value: 0 },
        { at: 'b', value: null },
      ],
    },
    dedupe_rejected: { total: 0, by_purpose: {}, series: [] },
    webhook_duplicates: { total: 0, by_field: {}, series: [] },
    unattributed_inbound: { current: 0, series: [] },
    sent_to_delivered: { overall: { count: 0, p50_ms: null, p95_ms: null }, series: [], by_number: {} },
    pools: {},
    pool_series: {},
    queue_depth: { by_state: {}, by_number: {}, queues: {}, series: [] },
    sends_accepted: { total: 0, by_number: {}, series: [] },
    send_outcomes: { total: 0, by_outcome: {}, series: [] },
    throughput_by_number: {},
    webhook_ack_latency: { count: 0, mean_ms: null, buckets: [] },
    signatures_rejected: { total: 0, by_reason: {}, series: [] },
    poison_deliveries: { current: 0, total: 0, by_reason: {}, series: [] },
    parked_statuses: { current: 0, series: [] },
    paused_numbers: [],
    alerts_open: 0,
    pricing: { billable: 0, free: 0, by_category: {}, by_number: {}, by_campaign: {}, by_country: {}, by_day: [], estimated_spend: null },
    ...overrides,
  } as MetricsReport;
}

describe('healthTiles', () => {
  it('a quiet system: five calm tiles', () => {
    const tiles = healthTiles(report());
    expect(tiles.map((t) => [t.label, t.value, t.tone])).toEqual([
      ['Stuck sending', '0', 'success'],
      ['Unattributed replies', '0', 'success'],
      ['Sent → delivered', '—', 'neutral'],
      ['Duplicate sends refused', '0', 'neutral'],
      ['Duplicate webhook events', '0', 'neutral'],
    ]);
    expect(tiles[0]!.detail).toBe('Nothing has been sending longer than 2 min.');
    expect(tiles[3]!.detail).toBe('None in the last hour.');
    expect(tiles[0]!.series).toEqual([0, null]);
  });

  it('stuck rows are an emergency, unattributed ones a warning', () => {
    const tiles = healthTiles(report({ stuck_sending: { current: 3, older_than_ms: 120_000, series: [] }, unattributed_inbound: { current: 1, series: [] } }));
    expect(tiles[0]).toMatchObject({
      value: '3',
      tone: 'danger',
      href: '/work/stuck_sending',
      detail: 'Messages sending for over 2 min; each may be a duplicate on a phone.',
    });
    expect(tiles[1]).toMatchObject({ value: '1', tone: 'warning', detail: 'Customer message not tied to a message or conversation.' });
  });

  it('names a longer span in hours', () => {
    const tiles = healthTiles(report({ since: '2026-12-02T08:30:00Z' }));
    expect(tiles[3]!.detail).toBe('None in the last 6 h.');
  });

  it('delivery latency reads in seconds, with its median and count', () => {
    const tiles = healthTiles(report({ sent_to_delivered: { overall: { count: 1204, p50_ms: 850, p95_ms: 2400 }, series: [] } }));
    expect(tiles[2]).toMatchObject({ value: '2.4 s', detail: 'p95 over 1,204 deliveries; median 850 ms.' });
  });

  it('names the biggest source of duplicates', () => {
    const tiles = healthTiles(
      report({
        dedupe_rejected: { total: 12, by_purpose: { order_shipped: 9, promo: 3 }, series: [] },
        webhook_duplicates: { total: 4, by_field: { messages: 4 }, series: [] },
      }),
    );
    expect(tiles[3]!.detail).toBe('In the last hour, most for order_shipped.');
    expect(tiles[4]!.detail).toBe('Sent twice by Meta in the last hour, most in messages.');
  });
});

describe('sparklinePath', () => {
  it.each([
    [[], ''],
    [[null, null], ''],
    [[0, 10], 'M0 20L100 0'],
    [[5], 'M0 0'],
    [[0, 5, null, 10], 'M0 20L33.3 10M100 0'],
    [[3, 3, 3], 'M0 0L50 0L100 0'],
  ])('%j → %s', (values, path) => {
    expect(sparklinePath(values, 100, 20)).toBe(path);
  });
});

describe('a tile’s trend and oldest age', () => {
  it.each([
    [[0, null, 2, 3], 'up', 'Up from 0'],
    [[12, 4], 'down', 'Down from 12'],
    [[2, 2, 2], 'flat', 'Steady'],
    [[null, 5], 'flat', 'Not enough samples for a trend'],
    [[], 'flat', 'Not enough samples for a trend'],
  ])('%j → %s', (series, direction, words) => {
    expect(trendWords(series)).toEqual({ direction, words });
  });

  it('formats the figure its own way (latency in words)', () => {
    expect(trendWords([1500, 800], latencyWords).words).toBe(`Down from ${latencyWords(1500)}`);
  });

  it('says how long the oldest item waited', () => {
    expect(oldestWords(180)).toBe(`Oldest waiting ${durationWords(180_000)}`);
    expect(oldestWords(null)).toBeNull();
  });
});
