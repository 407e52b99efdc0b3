// A ROLE=api process of the built app for bench/export.bench.mjs, started with an IPC channel: it
// boots as apps/api/dist/main.js does for ROLE=api, tells the parent its URL, and samples its own
// memory while the parent asks it to (`mem-start` … `mem-stop`), so the figures are the API's alone,
// not the client's that reads the export.
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadConfig, withInfra } from '../apps/api/dist/config/load-config.js';
import { createHttpApp } from '../apps/api/dist/create-app.js';
import { startCpuProfile } from './cpu-profile.mjs';

const config = withInfra(loadConfig({ ...process.env, ROLE: 'api' }), { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
const app = await createHttpApp(config);
await app.listen(0, '127.0.0.1');
const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

const MB = 1024 * 1024;
// V8's collector without --expose-gc on the command line: the live heap is read after a collection.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
let sampling = null;
let stopProfile = null;
process.on('message', async (msg) => {
  if (msg?.type === 'mem-start') {
    gc();
    const base = process.memoryUsage();
    const peak = { rss: base.rss, heapUsed: base.heapUsed, external: base.external + base.arrayBuffers };
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
      peak.external = Math.max(peak.external, m.external + m.arrayBuffers);
    }, 20);
    sampling = { base, peak, timer, live: [] };
    process.send({ id: msg.id, value: true });
  } else if (msg?.type === 'mem-live') {
    // What the process holds right now: the heap after a collection.
    gc();
    sampling.live.push(process.memoryUsage().heapUsed);
    process.send({ id: msg.id, value: true });
  } else if (msg?.type === 'mem-stop') {
    clearInterval(sampling.timer);
    const { base, peak } = sampling;
    process.send({
      id: msg.id,
      value: {
        base_rss_mb: base.rss / MB,
        peak_rss_mb: peak.rss / MB,
        base_heap_mb: base.heapUsed / MB,
        peak_heap_mb: peak.heapUsed / MB,
        peak_external_mb: peak.external / MB,
        peak_live_heap_mb: Math.max(base.heapUsed, ...sampling.live) / MB,
        live_samples: sampling.live.length,
      },
    });
  } else if (msg?.type === 'cpu-profile-start') {
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
process.send({ type: 'ready', url });
