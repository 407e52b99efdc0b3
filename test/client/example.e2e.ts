import { spawn } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { FAST_DELIVERY_ENV } from '../integrator-events/receiver.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLE = path.join(ROOT, 'libs/client/examples/order-system.mjs');

/** Runs the example as an integrator would (`node order-system.mjs`), against `url`; its exit code and output. */
function runExample(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EXAMPLE], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Never left behind by a failing test.
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the @sendbook/client example (libs/client/examples/order-system.mjs) against a running Sendbook', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ app: { env: FAST_DELIVERY_ENV } });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('enqueues, is deduplicated, cancels by key, lists, and receives the verified events; a forged one is refused', async () => {
    const shipped = 'order-e2e1:shipped:972501234567';
    const reminder = 'order-e2e1:review-reminder:972501234567';
    const { code, stdout, stderr } = await runExample({
      SENDBOOK_URL: sb.url,
      SENDBOOK_API_KEY: TEST_SECRETS.apiKey,
      SENDBOOK_TO: '+972501234567',
      ORDER_ID: 'e2e1',
      EVENTS_WAIT_MS: '30000',
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.trimEnd().split('\n');
    const line = (pattern: RegExp) => lines.find((l) => pattern.test(l)) ?? `(no line matching ${pattern} in:\n${stdout})`;

    const [, id] = /^enqueued +\S+ → message (\S+) \(new, queued\)$/.exec(line(/^enqueued +order-e2e1:shipped:/)) ?? [];
    expect(id).toBeDefined();
    expect(line(/^again /)).toBe(`again       ${shipped} → message ${id} (deduplicated, the same row: nothing is sent twice)`);
    expect(line(/^enqueued +order-e2e1:review-reminder:/)).toMatch(/ \(new, queued until \d{4}-\d\d-\d\dT/);
    expect(line(/^cancelled /)).toBe(`cancelled   ${reminder} → cancelled`);
    expect(line(/^listed /)).toMatch(new RegExp(`^listed +orders/e2e1: 2 messages: .*${reminder} cancelled`));
    expect(line(/^events /)).toMatch(/^events +listening on http:\/\/127\.0\.0\.1:\d+\/sendbook-events, endpoint \S+ registered$/);
    expect(line(new RegExp(`^event .*${reminder}: queued → cancelled`))).toBe(
      `event       message.state_changed ${reminder}: queued → cancelled (signature verified)`,
    );
    // Statuses processed together move the row once, to the highest: delivered, or read with it.
    expect(line(new RegExp(`^event .*${shipped}: \\S+ → (delivered|read)`))).toMatch(/\(signature verified\)$/);
    expect(line(/^forged /)).toBe('forged      an event with a made-up signature was answered 401 invalid_signature');
    expect(lines.at(-1)).toMatch(/^done +[1-9]\d* events verified$/);

    // What Sendbook holds: one row per business event, the reminder cancelled and never sent, the
    // shipped message sent once; the example's endpoint removed on the way out.
    const rows: { dedupe_key: string; state: string }[] = await sb.dataSource.query(
      `SELECT dedupe_key, state FROM outbound_messages WHERE dedupe_key LIKE 'order-e2e1:%' ORDER BY dedupe_key`,
    );
    expect(rows.map((r) => r.dedupe_key)).toEqual([reminder, shipped]);
    expect(rows[0]!.state).toBe('cancelled');
    expect(sb.sim.ledger().filter((e) => e.bizOpaqueCallbackData === id)).toHaveLength(1);
    expect(sb.sim.ledger()).toHaveLength(1);
    const endpoints = await request(sb.url).get('/v1/event-endpoints').set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).expect(200);
    expect(endpoints.body.data).toEqual([]);
  });

  it('says what to do when Sendbook refuses an endpoint on a private address, and goes on without events', async () => {
    const strict = await startSendbook();
    try {
      const { code, stdout } = await runExample({ SENDBOOK_URL: strict.url, SENDBOOK_API_KEY: TEST_SECRETS.apiKey, ORDER_ID: 'e2e2' });
      expect(code).toBe(0);
      expect(stdout).toMatch(/^events +Sendbook refused http:\/\/127\.0\.0\.1:\d+\/sendbook-events: .*EVENT_ENDPOINTS_ALLOW_PRIVATE=true/m);
      expect(stdout).toMatch(/^cancelled +order-e2e2:review-reminder:972501234567 → cancelled$/m);
      expect(stdout).toMatch(/^done +0 events verified$/m);
    } finally {
      await strict.close();
    }
  });
});
