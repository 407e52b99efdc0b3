import type { ChildProcess } from 'node:child_process';
import { Cluster } from 'ioredis';
import { QUEUE_NAMES } from '@sendbook/queue';
import { startPrivateRedisCluster, type PrivateRedisCluster } from '../support/private-redis-cluster.mjs';
import { startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { exited, startWorkerProcess } from '../support/worker-process.js';

// Redis replicates asynchronously: a master that dies before its replica has its newest writes
// takes them along, and the replica that takes over never had them. Here that loss is made
// certain (the replica frozen and cut off while the API enqueues, then the master killed): the
// outbound queue comes back without the jobs of rows PostgreSQL holds as `queued`. The outbox does
// not depend on them: a worker's sweep gives every queued row without a job a new one, and each
// row is sent exactly once.
const ROWS = 30;

describe('Redis Cluster: a failover that loses the newest jobs', () => {
  let cluster: PrivateRedisCluster;
  let sb: Sendbook;
  let redis: Cluster;
  let worker: ChildProcess | null = null;
  beforeAll(async () => {
    cluster = await startPrivateRedisCluster();
    const seeds = cluster.seeds;
    // The API alone: nothing takes the jobs until the test starts a worker.
    sb = await startSendbook({ app: { redisUrl: `redis://${seeds.split(',')[0]}`, env: { ROLE: 'api', REDIS_CLUSTER_NODES: seeds } } });
    redis = new Cluster(seeds.split(',').map((s) => ({ host: '127.0.0.1', port: Number(s.split(':')[1]) })));
    redis.on('error', () => undefined);
    // A worker for a moment, to sync the templates from Meta (the API validates sends against them).
    const syncing = startWorkerProcess(sb);
    await waitFor(async () => JSON.stringify((await sb.api().get('/v1/templates')).body).includes('order_shipped'), {
      timeoutMs: 60_000,
      intervalMs: 250,
      what: 'the templates synced',
    });
    syncing.kill('SIGTERM');
    await exited(syncing);
  }, 120_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    redis?.disconnect();
    await sb?.close();
    await cluster?.stop();
  });

  /** The outbound queue's keys: `{<prefix>:outbound}:outbound:…`, one slot. */
  const queueKey = (name: string) => `{${sb.config.redisPrefix}:${QUEUE_NAMES.outbound}}:${QUEUE_NAMES.outbound}:${name}`;
  /** Whether a row has a job, as the outbox's sweep asks: its own, or a marker of the batch job that holds it. */
  const hasJob = async (id: string) => (await redis.exists(queueKey(id), queueKey(`in-batch-${id}`))) > 0;

  it(`${ROWS} rows enqueued just before their queue's master dies lose their jobs; a worker's sweep sends each once`, async () => {
    const customers = Array.from({ length: ROWS }, (_, i) => `97250600${String(i).padStart(4, '0')}`);
    let ids: string[] = [];
    const killed = await cluster.killMasterLosingWrites(queueKey('wait'), async () => {
      const answers = await Promise.all(
        customers.map((to, i) =>
          sb
            .api()
            .post('/v1/messages')
            .send({ dedupe_key: `lost-${i}`, to: `+${to}`, purpose: 'order_update', payload: templatePayload(String(i)) }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(customers.map(() => 201));
      ids = answers.map((a) => a.body.message.id as string);
      // The master took them: each row has its job (or its batch's marker) before the master dies.
      expect((await Promise.all(ids.map(hasJob))).every(Boolean)).toBe(true);
    });
    expect(await cluster.masterOf(queueKey('wait'))).not.toBe(killed);

    // The replica that took over never had them.
    await waitFor(async () => (await Promise.all(ids.map(hasJob).map((p) => p.catch(() => true)))).every((has) => !has), {
      timeoutMs: 10_000,
      what: 'the queue as the new master has it',
    });
    const states = await sb.dataSource.query(`SELECT state, count(*)::int AS n FROM outbound_messages WHERE id = ANY($1) GROUP BY state`, [ids]);
    expect(states).toEqual([{ state: 'queued', n: ROWS }]);
    expect(sb.sim.ledger()).toEqual([]);

    worker = startWorkerProcess(sb);
    await waitFor(() => ids.every((id) => sb.sim.ledger({ bizOpaqueCallbackData: id }).length === 1), { timeoutMs: 60_000, what: 'every row sent' });
    // Nothing twice, even with the statuses' webhooks applied and the sweeps going on.
    await waitFor(
      async () => Number((await sb.dataSource.query(`SELECT count(*) AS n FROM outbound_messages WHERE id = ANY($1) AND state = 'read'`, [ids]))[0].n) === ROWS,
      { timeoutMs: 30_000, what: 'every status applied' },
    );
    expect(sb.sim.ledger()).toHaveLength(ROWS);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
  }, 180_000);
});
