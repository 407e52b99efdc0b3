// Everything a chaos run stands on, all of its own: a private PostgreSQL and Redis (never the
// shared ones; one server, or a Redis Cluster of three masters and three replicas), the simulator
// with its chaos on, the front door, and two ROLE=api and two ROLE=worker processes of the built
// API, configured by the environment as in production.
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { createSimulator } from '../../apps/simulator/dist/index.js';
import { runMigrations } from '../../apps/api/dist/database/data-source.js';
import { freePort } from '../../apps/api/dist/infra/free-port.js';
import { ensureDatabase, withDatabase } from '../../apps/api/dist/infra/probe.js';
import { startPrivatePostgres } from '../../test/support/private-postgres.mjs';
import { startPrivateRedis } from '../../test/support/private-redis.mjs';
import { startPrivateRedisCluster } from '../../test/support/private-redis-cluster.mjs';
import { appProcesses } from './app-processes.mjs';
import { startFrontDoor } from './front-door.mjs';

/** The run's credentials, shared by the app and the simulator; never real ones. */
export const SECRETS = Object.freeze({
  accessToken: 'chaos-access-token-0123456789',
  appSecret: 'chaos-app-secret-0123456789',
  verifyToken: 'chaos-verify-token-0123',
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '15550783881',
  businessAccountId: '102290129340398',
  apiKey: 'sk_chaos_0123456789abcdef0123456789abcdef',
});

export const MPS = 80;
export const PAIR_INTERVAL_MS = 6_000;
/** A row in `sending` this long is a work item; the drain waits past it before the verdict. */
export const STUCK_AFTER_MS = 5_000;

/** The simulator's misbehaviour, as the issue lists it. */
export function chaosOptions(seed) {
  return {
    seed,
    duplicateProbability: 0.3,
    shuffle: true,
    rebatchProbability: 0.1,
    delayMs: [0, 40],
    lostResponseProbability: 0.05,
    serverErrorProbability: 0.02,
  };
}

/** The key prefix of the run's processes (REDIS_PREFIX): the faults find their keys' masters by it. */
export const REDIS_PREFIX = 'chaos';

/** `redis`: `single` (one redis-server), or `cluster` (three masters, three replicas). */
export async function startStack({ seed, runDir, messagingLimit, log, redis: kind = 'single' }) {
  mkdirSync(runDir, { recursive: true });
  const pgServer = await startPrivatePostgres();
  const cluster = kind === 'cluster' ? await startPrivateRedisCluster() : null;
  const redis = cluster ? null : await startPrivateRedis();
  const databaseUrl = withDatabase(pgServer.url, 'sendbook_chaos');
  await ensureDatabase(pgServer.url, 'sendbook_chaos');
  // Once, before any process boots: two processes must not race to migrate.
  await runMigrations(databaseUrl);
  log(`private PostgreSQL ${pgServer.url}, private ${cluster ? `Redis Cluster ${cluster.seeds}` : `Redis ${redis.url}`}`);

  const sim = await createSimulator({
    accessToken: SECRETS.accessToken,
    appSecret: SECRETS.appSecret,
    // Graph reports no limit for the number, so MESSAGING_LIMIT (small in the short run) is the one applied.
    phoneNumbers: [
      { id: SECRETS.phoneNumberId, displayPhoneNumber: SECRETS.displayPhoneNumber, wabaId: SECRETS.businessAccountId, mps: MPS, messagingLimit: null },
    ],
    pairIntervalMs: PAIR_INTERVAL_MS,
    chaos: chaosOptions(seed),
    seed,
    // Meta retries for days; here the schedule is compressed so an outage is retried within seconds.
    webhookRetry: { initialDelayMs: 500, maxDelayMs: 4_000, maxAgeMs: 7 * 86_400_000 },
  });

  const ports = { 'api-1': await freePort(), 'api-2': await freePort() };
  const redisEnv = cluster ? { REDIS_CLUSTER_NODES: cluster.seeds } : { REDIS_URL: redis.url };
  const processes = appProcesses({ env: appEnv({ graphUrl: sim.url, databaseUrl, redisEnv, messagingLimit }), logDir: runDir });
  let onAnswer = () => undefined;
  const front = await startFrontDoor({ upstreams: () => Object.values(ports), onAnswer: (a) => onAnswer(a) });
  sim.configure({ webhookUrl: `${front.url}/webhooks/whatsapp` });

  const apiReady = async (name, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${ports[name]}/healthz`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > until) throw new Error(`${name} did not answer /healthz within ${timeoutMs / 1000} s; see ${runDir}/${name}.log`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  for (const name of ['api-1', 'api-2']) processes.start(name, 'api', ports[name]);
  for (const name of ['worker-1', 'worker-2']) processes.start(name, 'worker');
  await Promise.all([apiReady('api-1'), apiReady('api-2'), processes.ready('worker-1'), processes.ready('worker-2')]);

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
  return {
    pg: pgServer,
    /** One of the two: the private redis-server, or the private Redis Cluster. */
    redis,
    cluster,
    sim,
    front,
    processes,
    apiReady,
    db,
    databaseUrl,
    /** Where the front door reports each timed answer. */
    onAnswer: (fn) => (onAnswer = fn),
    async close() {
      await processes.stopAll();
      await front.close();
      await sim.close();
      await db.end().catch(() => undefined);
      await (cluster ?? redis).stop();
      await pgServer.stop();
    },
  };
}

/** The processes' environment: short retries and leases, so recovery fits in a run of minutes. */
function appEnv({ graphUrl, databaseUrl, redisEnv, messagingLimit }) {
  return {
    NODE_ENV: 'production',
    // Production requires a key for sealing stored secrets; any 32 bytes serve a run.
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    // info: boot.ready tells the run a process is up; the rest at info is a few lines per event.
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    ...redisEnv,
    REDIS_PREFIX,
    WHATSAPP_GRAPH_URL: graphUrl,
    WHATSAPP_ACCESS_TOKEN: SECRETS.accessToken,
    WHATSAPP_APP_SECRET: SECRETS.appSecret,
    WHATSAPP_VERIFY_TOKEN: SECRETS.verifyToken,
    WHATSAPP_PHONE_NUMBER_ID: SECRETS.phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: SECRETS.businessAccountId,
    BOOTSTRAP_API_KEY: SECRETS.apiKey,
    MESSAGING_LIMIT: String(messagingLimit),
    SEND_RATE_PER_SECOND: String(MPS),
    PAIR_INTERVAL_MS: String(PAIR_INTERVAL_MS),
    CONVERSATION_REPLY_PURPOSES: 'order_shipped,appointment_reminder',
    STUCK_SENDING_AFTER_MS: String(STUCK_AFTER_MS),
    // Sweeps at their defaults: each re-adds the backlog's jobs, which under a backlog costs more than it saves.
    PROMOTE_OVERDUE_AFTER_MS: '2000',
    RETRY_BASE_MS: '500',
    RETRY_MAX_MS: '5000',
    GRAPH_TIMEOUT_MS: '5000',
    // A dead worker's delivery is taken over after this; shorter, and a busy machine's slow ones are too.
    WEBHOOK_LEASE_MS: '15000',
    WEBHOOK_PARKED_RETRY_MS: '1000',
    METRICS_SAMPLE_INTERVAL_MS: '10000',
  };
}
