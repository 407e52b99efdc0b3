import { getQueueToken } from '@nestjs/bullmq';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { OutboxSweeper } from '../../apps/api/src/modules/outbox/outbox-sweeper.service.js';
import { OutboundProcessor } from '../../apps/api/src/modules/outbox/processors/outbound.processor.js';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const NUMBER = { id: '106540352242922', displayPhoneNumber: '15550783881', wabaId: '102290129340398', mps: 100_000 };
const FAST = { SEND_RATE_PER_SECOND: '2000', MESSAGING_LIMIT: 'unlimited' };

/** `n` messages in one batch request, to distinct recipients unless `to` is given. */
async function enqueueBatch(sb: Sendbook, tag: string, n: number, to?: string): Promise<string[]> {
  const messages = Array.from({ length: n }, (_, i) => messageRequest({ dedupe_key: `${tag}-${i}`, to: to ?? `+9725070${String(10000 + i)}` }));
  const res = await sb.api().post('/v1/messages/batch').send({ messages }).expect(200);
  return (res.body.results as { status: string; message: { id: string } }[]).map((r) => {
    expect(r.status).toBe('created');
    return r.message.id;
  });
}

const queueOf = (sb: Sendbook) => sb.app.get<Queue>(getQueueToken(QUEUE_NAMES.outbound), { strict: false });
const rowsOf = (job: Job) => (job.data.messageIds as string[] | undefined) ?? [job.data.messageId as string];
const inBatchKey = (sb: Sendbook, id: string) => `${sb.config.redisPrefix}:${QUEUE_NAMES.outbound}:in-batch-${id}`;

describe('rows made due together share one job; each is still claimed, sent and paced on its own', () => {
  let sb: Sendbook;
  let redis: Redis;
  beforeAll(async () => {
    // Meta's pair limit made 1 s here, and Sendbook's pacing 1.5 s, so the test of pacing is short.
    sb = await startSendbook({
      sim: { phoneNumbers: [NUMBER], pairIntervalMs: 1_000, statusDelaysMs: { sent: 10, delivered: null, read: null } },
      app: { env: { ...FAST, SWEEP_INTERVAL_MS: '60000', PAIR_INTERVAL_MS: '1500', PAIR_MARGIN_MS: '0' } },
    });
    redis = new Redis(sb.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await sb.close();
  });

  it('a batch of 10 waits as one job, the sweeper adds no job of its own for them, then each is sent once and its marker is gone', async () => {
    const queue = queueOf(sb);
    await queue.pause();
    const ids = await enqueueBatch(sb, 'together', 10);
    const waiting = await queue.getJobs(['prioritized', 'waiting']);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.name).toBe('send-batch');
    expect(rowsOf(waiting[0]!)).toEqual(ids);
    expect(await redis.exists(...ids.map((id) => inBatchKey(sb, id)))).toBe(10);

    // PostgreSQL says all 10 are due and queued; the sweeper finds each has a job (the batch).
    await sb.app.get(OutboxSweeper).sweep();
    expect(await queue.getJobs(['prioritized', 'waiting', 'delayed'])).toHaveLength(1);

    await queue.resume();
    await waitFor(() => ids.every((id) => sb.sim.ledgerCountByCallbackData()[id] === 1), { what: 'the 10 sent' });
    await waitFor(async () => (await redis.exists(...ids.map((id) => inBatchKey(sb, id)))) === 0, { what: 'the markers gone' });
    const unsent = (await sb.dataSource.query(`SELECT id, state FROM outbound_messages WHERE id = ANY($1::uuid[]) AND state NOT IN ('accepted', 'sent')`, [
      ids,
    ])) as { state: string }[];
    expect(unsent).toEqual([]);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
  });

  it('three to one user in one batch: one goes, the others get delayed jobs of their own and go paced apart', async () => {
    const ids = await enqueueBatch(sb, 'one-user', 3, '+972507099999');
    await waitFor(() => ids.every((id) => sb.sim.ledgerCountByCallbackData()[id] === 1), { timeoutMs: 20_000, what: 'all three sent' });
    const inOrder = ids.map((id) => ({ id, at: sb.sim.ledger().find((e) => e.bizOpaqueCallbackData === id)!.acceptedAt })).sort((a, b) => a.at - b.at);
    // Claimed 1.5 s apart; the simulator's clock sees the requests, a few ms of jitter either way,
    // and would have refused any two under its 1 s (none was: no retries below).
    expect(inOrder[1]!.at - inOrder[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(inOrder[2]!.at - inOrder[1]!.at).toBeGreaterThanOrEqual(1_000);
    // The two that had to wait went back as delayed jobs of their own (id = row id); Meta refused none.
    const delayed = (await redis.xrange(`${sb.config.redisPrefix}:${QUEUE_NAMES.outbound}:events`, '-', '+')).flatMap(([, f]) =>
      f[1] === 'delayed' ? [f[3]] : [],
    );
    expect(new Set(delayed)).toEqual(new Set(inOrder.slice(1).map((r) => r.id)));
    const retried = (await sb.dataSource.query(
      `SELECT count(*)::int AS n FROM outbound_message_events WHERE message_id = ANY($1::uuid[]) AND reason LIKE 'send will be retried%'`,
      [ids],
    )) as { n: number }[];
    expect(retried[0]!.n).toBe(0);
  });
});

describe('a batch larger than a worker takes on, and a worker closing with a batch half sent: what it does not start goes back to the queue, untouched', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // One send at a time, each answered after 1 s: the close comes while the first is in flight.
    sb = await startSendbook({
      sim: { phoneNumbers: [NUMBER], chaos: { slowResponseMs: 1_000 }, statusDelaysMs: { sent: 10, delivered: null, read: null } },
      app: { env: { ...FAST, SEND_CONCURRENCY: '1', SWEEP_INTERVAL_MS: '60000' } },
    });
  });
  afterAll(() => sb.close());

  it('the row in flight is answered; the other 5 stay queued, each with a job of its own', async () => {
    const ids = await enqueueBatch(sb, 'closing', 6);
    // In flight: claimed, its answer 1 s away; its `sent` status webhook (10 ms after Meta took it)
    // may move it on before a poll sees `sending`, so either state is the first in flight.
    await waitFor(
      async () =>
        (await sb.dataSource.query(`SELECT 1 FROM outbound_messages WHERE id = ANY($1::uuid[]) AND state IN ('sending', 'sent')`, [ids])).length === 1,
      { what: 'the first in flight' },
    );
    // One send slot: the worker keeps one more row waiting for it and gives the other 4 back at
    // once, on jobs of their own, for any worker to take.
    const queue = queueOf(sb);
    await waitFor(async () => (await Promise.all(ids.slice(2).map((id) => queue.getJob(id)))).every((job) => job?.data.messageId !== undefined), {
      what: 'the last 4 on jobs of their own',
    });
    await sb.app.get(OutboundProcessor).beforeApplicationShutdown('SIGTERM');

    const rows = (await sb.dataSource.query(`SELECT id, state FROM outbound_messages WHERE id = ANY($1::uuid[])`, [ids])) as { id: string; state: string }[];
    const sent = rows.filter((r) => r.state === 'accepted' || r.state === 'sent').map((r) => r.id);
    expect(sent).toHaveLength(1);
    expect(rows.filter((r) => r.state === 'queued')).toHaveLength(5);
    const rest = ids.filter((id) => !sent.includes(id));
    const jobs = await Promise.all(rest.map((id) => queue.getJob(id)));
    expect(jobs.map((job) => job?.data)).toEqual(rest.map((id) => ({ messageId: id })));
    expect(Object.keys(sb.sim.ledgerCountByCallbackData())).toEqual(sent);
  });
});
