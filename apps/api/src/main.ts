import path from 'node:path';
import { loadConfigOrExit, withInfra } from './config/load-config.js';
import { createHttpApp, createWorkerContext } from './create-app.js';
import { JsonLogger } from './common/logging/json-logger.js';
import { runMigrations } from './database/data-source.js';
import { resolveInfra } from './infra/resolve-infra.js';

/**
 * Production entry (`npm run serve`): configured by the environment alone, migrations on boot,
 * no simulator and no embedded services. ROLE picks API, workers or both.
 */
async function main(): Promise<void> {
  const envConfig = loadConfigOrExit(process.env);
  const logger = new JsonLogger(envConfig.logLevel);
  const infra = await resolveInfra({
    databaseUrl: envConfig.databaseUrl,
    redisUrl: envConfig.redisUrl,
    dataDir: path.resolve('.data'),
    allowEmbedded: false,
  });
  const config = withInfra(envConfig, infra);
  const ran = await runMigrations(config.databaseDirectUrl);
  logger.event('info', 'boot.migrations', { ran, database: infra.sources.database, redis: infra.sources.redis });

  if (config.role === 'worker') {
    await createWorkerContext(config, logger);
    limitShutdownTime();
    logger.event('info', 'boot.ready', { role: config.role });
    return;
  }
  const app = await createHttpApp(config, logger);
  await app.listen(config.port, '0.0.0.0');
  limitShutdownTime();
  logger.event('info', 'boot.ready', { role: config.role, url: `http://localhost:${config.port}` });
}

/**
 * Nest drains workers and closes connections on SIGTERM; if Redis is gone that could wait forever.
 * Installed once Nest listens for signals: before that, a signal ends the process the default way.
 */
function limitShutdownTime(deadlineMs = 30_000): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        process.stderr.write(`shutdown took longer than ${deadlineMs} ms; exiting\n`);
        process.exit(1);
      }, deadlineMs).unref();
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
