import { getQueueToken } from '@nestjs/bullmq';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { OutboxSweeper } from '../../apps/api/src/modules/outbox/outbox-sweeper.service.js';
import { deleteKeys } from '../support/redis-keys.mjs';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

const ROWS = 3_000;

/** Copies one row the API wrote into `n - 1` more for other recipients (a row factory in SQL). */
async function cloneRow(sb: Sendbook, id: string, n: number): Promise<string[]> {
  const columns = (
    (await sb.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'outbound_messages' AND column_name NOT IN ('id', 'dedupe_key', 'to', 'to_wa_id')`,
    )) as { column_name: string }[]
  ).map((c) => `"${c.column_name}"`);
  const rows = (await sb.dataSource.query(
    `INSERT INTO outbound_messages (id, dedupe_key, "to", to_wa_id, ${columns.join(', ')})
     SELECT gen_random_uuid(), 'sweep-' || g, '+97250' || (4000000 + g), '97250' || (4000000 + g), ${columns.join(', ')}
       FROM outbound_messages, generate_series(1, $2::int) g WHERE id = $1
     RETURNING id`,
    [id, n - 1],
  )) as { id: string }[];
  return [id, ...rows.map((r) => r.id)];
}

/** How often an add found the job already there: each one a wasted Lua call per row per sweep. */
async function duplicatedAdds(redis: Redis, prefix: string): Promise<number> {
  const entries = await redis.xrange(`${prefix}:${QUEUE_NAMES.outbound}:events`, '-', '+');
  return entries.filter(([, fields]) => fields[0] === 'event' && fields[1] === 'duplicated').length;
}

describe('the sweeper reaches every due row, and re-adds nothing that has a job', () => {
  let sb: Sendbook;
  let redis: Redis;
  beforeAll(async () => {
    sb = await startSendbook({
      sim: {
        phoneNumbers: [{ id: '106540352242922', displayPhoneNumber: '15550783881', wabaId: '102290129340398', mps: 100_000 }],
        statusDelaysMs: { sent: 10, delivered: null, read: null },
      },
      // A sweep only when the test asks for one (the timer's first run is at boot, before any row).
      app: { env: { SWEEP_INTERVAL_MS: '60000', SEND_CONCURRENCY: '64', MESSAGING_LIMIT: 'unlimited', SEND_RATE_PER_SECOND: '2000' } },
    });
    redis = new Redis(sb.config.redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await sb.close();
  });

  it(`${ROWS} due rows whose jobs were flushed: one sweep adds a job for each, a second adds none again, all are sent once`, async () => {
    const first = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'sweep-0', to: '+972504000000', not_before: new Date(Date.now() + 600_000).toISOString() }))
      .expect(201);
    const ids = await cloneRow(sb, first.body.message.id as string, ROWS);
    expect(ids).toHaveLength(ROWS);
    await deleteKeys(redis, `${sb.config.redisPrefix}:*`);
    // Due within the coming sweep interval, so each job is added delayed and nothing is claimed yet.
    await sb.dataSource.query(`UPDATE outbound_messages SET not_before = now() + interval '15 seconds' WHERE id = ANY($1::uuid[])`, [ids]);

    const sweeper = sb.app.get(OutboxSweeper);
    const queue = sb.app.get<Queue>(getQueueToken(QUEUE_NAMES.outbound), { strict: false });
    await sweeper.sweep();
    expect(await queue.getDelayedCount()).toBe(ROWS);
    await sweeper.sweep();
    expect(await queue.getDelayedCount()).toBe(ROWS);
    expect(await duplicatedAdds(redis, sb.config.redisPrefix)).toBe(0);

    await sb.dataSource.query(`UPDATE outbound_messages SET not_before = now() WHERE id = ANY($1::uuid[])`, [ids]);
    await Promise.all((await queue.getDelayed(0, ROWS)).map((job) => job.promote()));
    await waitFor(() => new Set(sb.sim.ledger().map((e) => e.bizOpaqueCallbackData)).size === ROWS, { timeoutMs: 150_000, what: `${ROWS} sends` });
    await sweeper.sweep();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const perRow = sb.sim.ledgerCountByCallbackData();
    expect(ids.filter((id) => perRow[id] !== 1)).toEqual([]);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
  }, 240_000);
});
