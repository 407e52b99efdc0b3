import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.mjs';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { envelope, postWebhook, textMessage } from './webhook-support.js';

const ACK_TIMEOUT_MS = 2_000;
/** The deadline plus room for a busy machine; Meta waits far longer. */
const ANSWER_WITHIN_MS = ACK_TIMEOUT_MS + 2_000;

/** A signed body of about 8 KB, its wamid naming it. */
const body = (wamid: string) => envelope({ messages: [textMessage(wamid, `${wamid} ${'x'.repeat(8_000)}`)] });

async function timedPost(url: string, wamid: string): Promise<{ wamid: string; status: number; ms: number }> {
  const started = Date.now();
  const res = await postWebhook(url, body(wamid));
  await res.text();
  return { wamid, status: res.status, ms: Date.now() - started };
}

describe('PostgreSQL stalled (SIGSTOP) under webhook load: 500 in time, never a 200 it did not store, bounded, recovers', () => {
  let db: PrivatePostgres;
  let t: TestApp;
  beforeAll(async () => {
    db = await startPrivatePostgres();
    t = await startTestApp({
      databaseServerUrl: db.url,
      env: {
        WEBHOOK_ACK_TIMEOUT_MS: String(ACK_TIMEOUT_MS),
        WEBHOOK_MAX_IN_FLIGHT_BYTES: String(256 * 1024),
        DATABASE_STATEMENT_TIMEOUT_MS: '3000',
        SWEEP_INTERVAL_MS: '600000',
      },
    });
  }, 120_000);
  afterAll(async () => {
    db?.resume();
    await t?.close();
    await db?.stop();
  });

  it('answers 500 (or 503 past the byte cap) within the deadline while stalled, and 200 again after SIGCONT', async () => {
    expect((await timedPost(t.url, 'wamid.before')).status).toBe(200);

    db.stall();
    const answers: { wamid: string; status: number; ms: number }[] = [];
    const stalledFor = Date.now();
    // Ten seconds of load: waves of 48 concurrent 8 KB POSTs (more bytes than the cap allows at once).
    for (let wave = 0; Date.now() - stalledFor < 10_000; wave++) {
      answers.push(...(await Promise.all(Array.from({ length: 48 }, (_, i) => timedPost(t.url, `wamid.stall-${wave}-${i}`)))));
    }
    db.resume();

    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([500, 503]));
    expect(answers.filter((a) => a.ms > ANSWER_WITHIN_MS)).toEqual([]);

    // Back: stored and acknowledged again, without a restart.
    await waitFor(async () => (await timedPost(t.url, `wamid.after-${Date.now()}`)).status === 200, { timeoutMs: 30_000, what: 'a 200 after SIGCONT' });
    const stored = (await t.dataSource.query(`SELECT convert_from(body, 'UTF8') AS text FROM webhook_deliveries`)) as { text: string }[];
    expect(stored.some((r) => r.text.includes('wamid.before'))).toBe(true);
  }, 120_000);
});
