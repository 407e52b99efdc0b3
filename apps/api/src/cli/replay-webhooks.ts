// `node apps/api/dist/cli/replay-webhooks.js --since 2026-01-01T00:00:00Z --until 2026-01-02T00:00:00Z`
// `node apps/api/dist/cli/replay-webhooks.js --id <delivery id> [--id ...] [--include-poison]`
// Re-processes stored webhook deliveries in this process, configured like `npm run serve`.
// Safe by construction: every event is claimed by its key, so what was applied is skipped.
import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { JsonLogger } from '../common/logging/json-logger.js';
import { loadConfigOrExit, withInfra } from '../config/load-config.js';
import { runMigrations } from '../database/data-source.js';
import { resolveInfra } from '../infra/resolve-infra.js';
import { WebhooksService } from '../modules/webhooks/webhooks.service.js';

const USAGE = 'usage: replay-webhooks (--since <ISO time> [--until <ISO time>] | --id <delivery id> ...) [--include-poison] [--limit N]';

function parseDate(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`--${name} is not a time: ${value}`);
  return date;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      since: { type: 'string' },
      until: { type: 'string' },
      id: { type: 'string', multiple: true },
      'include-poison': { type: 'boolean', default: false },
      limit: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || (!values.since && !values.until && !values.id?.length)) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const selection = {
    ids: values.id,
    since: parseDate('since', values.since),
    until: parseDate('until', values.until),
    includePoison: values['include-poison'],
    limit: values.limit ? Number(values.limit) : undefined,
  };

  const envConfig = loadConfigOrExit(process.env);
  const logger = new JsonLogger(envConfig.logLevel === 'info' ? 'warn' : envConfig.logLevel);
  const infra = await resolveInfra({ databaseUrl: envConfig.databaseUrl, redisUrl: envConfig.redisUrl, dataDir: path.resolve('.data'), allowEmbedded: false });
  // ROLE=api: no queue workers or timers in this short-lived process; it processes inline.
  const config = withInfra({ ...envConfig, role: 'api' }, infra);
  await runMigrations(config.databaseDirectUrl);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger), { logger, abortOnError: false });
  try {
    const results = await app.get(WebhooksService).replayInline(selection, 'cli');
    const tally: Record<string, number> = {};
    for (const r of results) tally[r.outcome.kind] = (tally[r.outcome.kind] ?? 0) + 1;
    const events = results.reduce(
      (acc, r) =>
        r.outcome.kind === 'processed' ? { applied: acc.applied + r.outcome.applied, skipped: acc.skipped + r.outcome.reprocessed + r.outcome.duplicate } : acc,
      { applied: 0, skipped: 0 },
    );
    process.stdout.write(
      `${JSON.stringify({ deliveries: results.length, outcomes: tally, events_applied: events.applied, events_already_applied: events.skipped })}\n`,
    );
    return results.some((r) => r.outcome.kind === 'retry') ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`fatal: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
