// A ROLE=worker process of the built app for bench/outbound.bench.mjs, started with an IPC channel.
// It boots exactly as apps/api/dist/main.js does for ROLE=worker (config from the environment,
// migrations, createWorkerContext), then tells the parent it is ready and with which concurrency.
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createWorkerContext } from '../apps/api/dist/create-app.js';
import { runMigrations } from '../apps/api/dist/database/data-source.js';
import { OutboundProcessor } from '../apps/api/dist/modules/outbox/processors/outbound.processor.js';
import { startCpuProfile } from './cpu-profile.mjs';

const envConfig = loadConfig(process.env);
const config = withInfra(envConfig, { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
await runMigrations(config.databaseUrl);
const app = await createWorkerContext(config);
await app.init();
const processor = app.get(OutboundProcessor, { strict: false });

let stopProfile = null;
process.on('message', async (msg) => {
  if (msg?.type === 'rss') process.send({ id: msg.id, value: process.resourceUsage().maxRSS / 1024 });
  else if (msg?.type === 'cpu-profile-start') {
    stopProfile = await startCpuProfile();
    process.send({ id: msg.id, value: true });
  } else if (msg?.type === 'cpu-profile-stop') {
    process.send({ id: msg.id, value: stopProfile ? await stopProfile(msg.dir, msg.name) : null });
    stopProfile = null;
  }
});
process.once('SIGTERM', () => {
  app.close().finally(() => process.exit(0));
});
process.send({ type: 'ready', concurrency: processor.worker.concurrency });
