import v8 from 'node:v8';
import vm from 'node:vm';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { seedOutbound } from './export-support.js';

const ROWS = 200_000;
const MB = 1024 * 1024;
const round = (n: number) => Math.round(n * 10) / 10;

/** V8's collector, callable from here without starting node with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

describe('an export of 200,000 messages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('counts exactly what the database has, streamed in bounded memory', async () => {
    const [since, until] = ['2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z'];
    await seedOutbound(app.dataSource, {
      count: ROWS,
      prefix: 'vol-',
      from: new Date('2025-06-01T00:00:00Z'),
      stepUs: 300,
      sameTime: 2,
      pricedEvery: 10,
      light: true,
    });
    const [{ n }] = await app.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages WHERE created_at >= $1 AND created_at < $2`, [since, until]);
    expect(n).toBe(ROWS);

    // The API runs in this process: its memory is this process's. The live heap is read after a
    // collection (what is held, not garbage not yet collected), now and then while it streams.
    const gc = collector();
    gc();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 25);
    const live: number[] = [];

    const res = await fetch(`${app.url}/v1/messages/export?since=${since}&until=${until}`, { headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}` } });
    expect(res.status).toBe(200);
    let lines = 0;
    let bytes = 0;
    let first: Record<string, unknown> | null = null;
    let nextSample = ROWS / 8;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (!first) first = JSON.parse(Buffer.from(chunk).toString('utf8').split('\n')[0]!) as Record<string, unknown>;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (lines >= nextSample) {
        nextSample += ROWS / 8;
        gc();
        live.push(process.memoryUsage().heapUsed);
      }
    }
    clearInterval(sampler);

    expect(lines).toBe(n);
    expect(first).toMatchObject({ dedupe_key: expect.stringMatching(/^vol-[12]$/), purpose: 'bulk_export', cursor: expect.any(String) });

    // What holding the period would take, measured on a tenth of it: its first 20,000 rows kept as
    // the client would parse them (pairs 300 µs apart: 10,000 pairs in 3 s).
    gc();
    const beforeHolding = process.memoryUsage().heapUsed;
    const held = (
      await (
        await fetch(`${app.url}/v1/messages/export?since=${since}&until=2025-06-01T00:00:03Z`, { headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}` } })
      ).text()
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    gc();
    const holdingMb = ((process.memoryUsage().heapUsed - beforeHolding) / MB) * (ROWS / held.length);
    expect(held).toHaveLength(ROWS / 10);

    const figures = {
      body_mb: round(bytes / MB),
      holding_all_mb: round(holdingMb),
      live_heap_growth_mb: round((Math.max(...live) - base.heapUsed) / MB),
      live_heap_samples_mb: live.map((h) => round((h - base.heapUsed) / MB)),
      peak_heap_growth_mb: round((peakHeap - base.heapUsed) / MB),
      peak_rss_growth_mb: round((peakRss - base.rss) / MB),
    };
    console.log(`export of ${lines} rows: ${JSON.stringify(figures)}`);
    // What the export holds (the heap after a collection) is a page or two, however far it got: far
    // below holding the period, and not growing with it.
    expect(live).toHaveLength(8);
    expect(figures.live_heap_growth_mb).toBeLessThan(32);
    expect(figures.live_heap_growth_mb).toBeLessThan(figures.holding_all_mb / 10);
    expect(live[7]! - live[0]!).toBeLessThan(16 * MB);
    // Garbage V8 has not collected yet comes and goes; even at its peak it stays below holding the rows.
    expect(figures.peak_heap_growth_mb).toBeLessThan(figures.holding_all_mb);
  });
});
