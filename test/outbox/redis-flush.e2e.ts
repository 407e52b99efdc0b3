import { Redis } from 'ioredis';
import { deleteKeys } from '../support/redis-keys.mjs';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

describe('PostgreSQL is the truth: a Redis flush loses nothing and sends nothing twice', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      sim: {
        phoneNumbers: [{ id: '106540352242922', displayPhoneNumber: '15550783881', wabaId: '102290129340398', mps: 100_000 }],
        statusDelaysMs: { sent: 10, delivered: null, read: null },
      },
      app: { env: { SWEEP_INTERVAL_MS: '500', SEND_CONCURRENCY: '64', MESSAGING_LIMIT: 'unlimited', SEND_RATE_PER_SECOND: '1000' } },
    });
  });
  afterAll(() => sb.close());

  it('500 queued rows whose jobs were flushed all reach the simulator exactly once', async () => {
    // Due far ahead while they are written, so no job can start before the flush on a busy machine.
    const due = new Date(Date.now() + 600_000).toISOString();
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const created = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const k = batch * 50 + i;
          return sb
            .api()
            .post('/v1/messages')
            .send(messageRequest({ dedupe_key: `flush-${k}`, to: `+9725020${String(10000 + k)}`, not_before: due }))
            .expect(201);
        }),
      );
      ids.push(...created.map((r) => r.body.message.id as string));
    }
    // Every job is waiting in Redis, delayed until `due`. Now Redis forgets all of them.
    const redis = new Redis(sb.config.redisUrl);
    await deleteKeys(redis, `${sb.config.redisPrefix}:*`);
    redis.disconnect();
    // Now they fall due: only PostgreSQL knows them.
    await sb.dataSource.query(`UPDATE outbound_messages SET not_before = now() WHERE id = ANY($1::uuid[])`, [ids]);

    await waitFor(() => new Set(sb.sim.ledger().map((e) => e.bizOpaqueCallbackData)).size === 500, { timeoutMs: 45_000, what: '500 sends' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const perRow = sb.sim.ledgerCountByCallbackData();
    expect(ids.every((id) => perRow[id] === 1)).toBe(true);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    const states = await sb.dataSource.query(`SELECT state, count(*)::int AS n FROM outbound_messages GROUP BY state`);
    expect(states.filter((s: { state: string }) => !['accepted', 'sent'].includes(s.state))).toEqual([]);
  });
});
