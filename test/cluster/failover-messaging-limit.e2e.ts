import { Cluster } from 'ioredis';
import { startPrivateRedisCluster, type PrivateRedisCluster } from '../support/private-redis-cluster.mjs';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

// The messaging-limit window lives in Redis. A failover that loses the master's newest writes
// forgets the users the last sends counted, while the window's "seeded" mark is still there, so
// nothing would rebuild it: the limit's last slots could be given twice. Here the loss is made
// certain (the policy slot's replica frozen and cut off while five new users are reached, then its
// master killed), and the limit must hold anyway: the process saw a node drop, and tops the window
// up from PostgreSQL's sent rows before its next admission.
const LIMIT = 20;

const user = (k: number) => `97250700${String(k).padStart(4, '0')}`;

describe('Redis Cluster: a failover that loses the newest counts of the messaging limit', () => {
  let cluster: PrivateRedisCluster;
  let sb: Sendbook;
  let redis: Cluster;
  beforeAll(async () => {
    cluster = await startPrivateRedisCluster();
    const seeds = cluster.seeds;
    sb = await startSendbook({
      // Pacing has its own tests; a limit Meta has no tier for, so Graph reports none and this one applies.
      sim: { pairIntervalMs: 0 },
      app: {
        redisUrl: `redis://${seeds.split(',')[0]}`,
        env: { REDIS_CLUSTER_NODES: seeds, MESSAGING_LIMIT: String(LIMIT), SWEEP_INTERVAL_MS: '300', PROMOTE_OVERDUE_AFTER_MS: '300' },
      },
    });
    redis = new Cluster(seeds.split(',').map((s) => ({ host: '127.0.0.1', port: Number(s.split(':')[1]) })));
    redis.on('error', () => undefined);
    await waitFor(async () => JSON.stringify((await sb.api().get('/v1/templates')).body).includes('order_shipped'), {
      timeoutMs: 60_000,
      intervalMs: 250,
      what: 'the templates synced',
    });
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await sb?.close();
    await cluster?.stop();
  });

  const send = async (k: number) => {
    const answer = await sb
      .api()
      .post('/v1/messages')
      .send({ dedupe_key: `limit-${k}`, to: `+${user(k)}`, purpose: 'order_update', payload: templatePayload(String(k)) });
    if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.message.id as string;
  };
  const reached = () => new Set(sb.sim.ledger().map((e) => e.to)).size;
  const windowKey = () => `${sb.config.redisPrefix}:{policy}:tier:portfolio:${sb.config.policy.portfolioId}`;

  it(`limit ${LIMIT}: users counted just before the failover are counted after it`, async () => {
    for (let k = 0; k < 10; k++) await send(k);
    await waitFor(() => reached() === 10, { what: 'ten users reached' });

    await cluster.killMasterLosingWrites(windowKey(), async () => {
      for (let k = 10; k < 15; k++) await send(k);
      await waitFor(() => reached() === 15, { what: 'five more users reached' });
    });
    // The replica that took over counts the ten it had received, not the last five.
    expect(await redis.zcard(windowKey())).toBe(10);

    const late: string[] = [];
    for (let k = 15; k < 25; k++) late.push(await send(k));
    // Every late row is decided: sent, or waiting for a slot of the limit.
    const waiting = async () =>
      (
        await sb.dataSource.query(`SELECT id FROM outbound_messages WHERE id = ANY($1) AND state = 'queued' AND last_error->>'code' = 'messaging_limit'`, [
          late,
        ])
      ).length;
    await waitFor(async () => reached() + (await waiting()) >= 25, { timeoutMs: 30_000, what: 'the late rows sent or waiting for the limit' });
    // Past the time another admission would have taken: still twenty, and the other five wait.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect({ reached: reached(), waiting: await waiting() }).toEqual({ reached: LIMIT, waiting: 5 });
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    expect(await redis.zcard(windowKey())).toBe(LIMIT);
  }, 120_000);
});
