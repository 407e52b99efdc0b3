import pg from 'pg';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Every statement the process sends PostgreSQL while `run` runs (pools and TypeORM alike go through pg.Client). */
async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let statements = 0;
  // Counts and passes every call through: the real PostgreSQL answers.
  proto.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    await run();
    return statements;
  } finally {
    proto.query = original;
  }
}

// Quiet background timers, so the counts are the scrapes'.
const QUIET = {
  SWEEP_INTERVAL_MS: '600000',
  WEBHOOK_SWEEP_INTERVAL_MS: '600000',
  METRICS_SAMPLE_INTERVAL_MS: '3600000',
  METRICS_FLUSH_INTERVAL_MS: '60000',
  METRICS_SCRAPE_CACHE_MS: '500',
};

describe('GET /metrics under a burst of scrapes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: QUIET });
  });
  afterAll(() => t.close());

  it('ten concurrent scrapes cost one set of queries, and give the same answer', async () => {
    const one = await queriesDuring(() => request(t.url).get('/metrics').expect(200));
    expect(one).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    let bodies: string[] = [];
    const ten = await queriesDuring(async () => {
      bodies = (await Promise.all(Array.from({ length: 10 }, () => request(t.url).get('/metrics').expect(200)))).map((r) => r.text);
    });
    // One set, give or take a background statement; without sharing it was ten sets.
    expect(ten).toBeLessThan(one * 2);
    expect(new Set(bodies).size).toBe(1);
  });
});

describe('GET /metrics in production', () => {
  it('is closed until METRICS_BEARER_TOKEN is set', async () => {
    const t = await startTestApp({ env: { ...QUIET, NODE_ENV: 'production' } });
    try {
      const res = await request(t.url).get('/metrics').expect(401);
      expect(res.body.message).toContain('METRICS_BEARER_TOKEN');
    } finally {
      await t.close();
    }
  });
});
