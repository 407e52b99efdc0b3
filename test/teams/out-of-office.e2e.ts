import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';

const TEAM_WORK = { TEAM_WORK_INTERVAL_MS: '200' };
const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TEXT = 'Thanks for writing! We are closed today and tomorrow; we answer from Monday 09:00.';

/**
 * The out-of-office reply: a customer writing five times while their team is closed gets it
 * once, though the worker placing their messages is killed mid-way and another takes over. The
 * API only stores webhooks here; worker processes do everything else.
 */
describe('out of office: once per conversation per closed period, whatever dies', () => {
  let sb: Sendbook;
  const workers: ChildProcess[] = [];
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { ROLE: 'api', ...TEAM_WORK } } });
    const allDay = [['00:00', '24:00']];
    await request(sb.url)
      .post('/v1/teams')
      .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
      .send({
        name: 'Support',
        phone_number_ids: [TEST_SECRETS.phoneNumberId],
        business_hours: {
          time_zone: 'UTC',
          weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
          holidays: [isoDate(today), isoDate(today + DAY_MS)],
        },
        out_of_office: { text: TEXT },
      })
      .expect(201);
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map(exited));
    await sb?.close();
  });
  const worker = () => {
    const child = startWorkerProcess(sb, TEAM_WORK);
    workers.push(child);
    return child;
  };
  const stored = async (waId: string) =>
    Number((await sb.dataSource.query(`SELECT count(*)::int AS n FROM inbound_messages WHERE from_wa_id = $1`, [waId]))[0].n);
  const outOfOfficeSent = (waId: string) => sb.sim.acceptedMessages().filter((m) => m.to === waId && JSON.stringify(m.body).includes('we answer from Monday'));

  it('five messages, a worker killed after the first: one reply, keyed by the closed period', async () => {
    const waId = '16505557101';
    const first = worker();
    const customer = sb.sim.customer(waId, { name: 'Olga Outside' });
    customer.sendText('hello?');
    await waitFor(async () => (await stored(waId)) >= 1, { what: 'the first message stored', intervalMs: 10 });
    // Killed as it goes on: between storing, owing the reply and enqueueing it, wherever it is.
    first.kill('SIGKILL');
    await exited(first);
    for (const text of ['anyone there?', 'my order #4411', 'it has not arrived', 'please call me']) customer.sendText(text);

    worker();
    await waitFor(async () => (await stored(waId)) === 5, { what: 'all five messages stored', timeoutMs: 30_000 });
    await waitFor(() => outOfOfficeSent(waId).length >= 1, { what: 'the out-of-office reply at the phone', timeoutMs: 30_000 });
    // Several sweeps later, still one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(outOfOfficeSent(waId)).toHaveLength(1);

    const rows = await sb.dataSource.query(`SELECT dedupe_key, purpose, state FROM outbound_messages WHERE to_wa_id = $1`, [waId]);
    const [conversation] = await sb.dataSource.query(
      `SELECT c.id, c.out_of_office_due FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE k.wa_id = $1`,
      [waId],
    );
    expect(rows).toEqual([
      expect.objectContaining({ dedupe_key: `out-of-office:${conversation.id}:${new Date(today).toISOString()}`, purpose: 'out_of_office' }),
    ]);
    expect(conversation.out_of_office_due).toBeNull();
  });
});
