// A ROLE=worker process of the built app for bench/outbound.bench.mjs and the other benches that
// need one, started with an IPC channel. It boots exactly as apps/api/dist/main.js does for
// ROLE=worker (config from the environment, migrations, createWorkerContext), then tells the parent
// it is ready and with which concurrency. With BENCH_CORE=1 it runs the `core` modes' bare worker
// instead (bench/outbound-core.mjs). Asked, it profiles its CPU or times the campaign writer's steps.
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createWorkerContext } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { redisOptionsFromUrl } from '../apps/api/dist/infra/redis-options.js';
import { OutboundProcessor } from '../apps/api/dist/modules/outbox/processors/outbound.processor.js';
import { startCpuProfile } from './cpu-profile.mjs';
import { startCoreWorker } from './outbound-core.mjs';
import { timeSteps, WRITER_STEPS } from './outbound-profile.mjs';

const envConfig = loadConfig(process.env);
const config = withInfra(envConfig, { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
await runMigrations(config.databaseDirectUrl);
const core = process.env.BENCH_CORE === '1';
const app = core ? await coreWorker() : await createWorkerContext(config);
await app.init();
const concurrency = core ? app.concurrency : app.get(OutboundProcessor, { strict: false }).worker.concurrency;

/** The core worker behind the same two calls the app context answers here. */
async function coreWorker() {
  const worker = await startCoreWorker({
    // The yardstick names its statements: never through a transaction pooler.
    databaseUrl: config.databaseDirectUrl,
    redisConnection: redisOptionsFromUrl(config.redisUrl),
    redisPrefix: config.redisPrefix,
    graphUrl: config.whatsapp.graphUrl,
    accessToken: config.whatsapp.accessToken,
    concurrency: config.outbox.sendConcurrency,
  });
  return { init: async () => undefined, close: worker.close, concurrency: worker.concurrency };
}

let stopProfile = null;
let writerSteps = null;
process.on('message', async (msg) => {
  if (msg?.type === 'rss') process.send({ id: msg.id, value: process.resourceUsage().maxRSS / 1024 });
  else if (msg?.type === 'cpu-profile-start') {
    stopProfile = await startCpuProfile();
    process.send({ id: msg.id, value: true });
  } else if (msg?.type === 'cpu-profile-stop') {
    process.send({ id: msg.id, value: stopProfile ? await stopProfile(msg.dir, msg.name) : null });
    stopProfile = null;
  } else if (msg?.type === 'writer-steps-start') {
    writerSteps = timeSteps(app, WRITER_STEPS);
    process.send({ id: msg.id, value: true });
  } else if (msg?.type === 'writer-steps-stop') {
    writerSteps?.restore();
    process.send({ id: msg.id, value: writerSteps ? [...writerSteps.steps.values()] : [] });
    writerSteps = null;
  }
});
process.once('SIGTERM', () => {
  app.close().finally(() => process.exit(0));
});
process.send({ type: 'ready', concurrency });
