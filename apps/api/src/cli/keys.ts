// `npm run keys -- create --name "order system" --scope send`
// `npm run keys -- list`
// `npm run keys -- revoke <key id | key prefix>`
// Integrator API keys, against the database `npm run serve` (or `npm start`) uses. A revocation
// reaches every running API instance within a second and closes the key's live streams.
import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../common/auth/principal.js';
import { JsonLogger } from '../common/logging/json-logger.js';
import { loadConfigOrExit, withInfra } from '../config/load-config.js';
import { runMigrations } from '../database/data-source.js';
import { resolveInfra } from '../infra/resolve-infra.js';
import { ApiKeyService } from '../modules/api-keys/api-key.service.js';

const USAGE = `usage: npm run keys -- create --name <name> [--integration <integrator, default the name>] --scope send|admin [--scope …]
       npm run keys -- list
       npm run keys -- revoke <key id | key prefix>`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      integration: { type: 'string' },
      scope: { type: 'string', multiple: true },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, target] = positionals;
  if (values.help || !command || !['create', 'list', 'revoke'].includes(command)) return usage(values.help ? 0 : 2);
  if (command === 'create' && (!values.name?.trim() || !values.scope?.length)) return usage(2, 'create needs --name and at least one --scope');
  const scopes = (values.scope ?? []) as ApiKeyScope[];
  const unknown = scopes.filter((s) => !API_KEY_SCOPES.includes(s));
  if (unknown.length > 0) return usage(2, `unknown scope ${unknown.join(', ')} (send or admin)`);
  if (command === 'revoke' && !target) return usage(2, 'revoke needs a key id or prefix');

  // The Graph API settings are not used here; only the database and Redis are.
  const env = {
    WHATSAPP_ACCESS_TOKEN: 'unused',
    WHATSAPP_APP_SECRET: 'unused-by-the-keys-cli',
    WHATSAPP_VERIFY_TOKEN: 'unused-by-the-keys-cli',
    WHATSAPP_PHONE_NUMBER_ID: '0',
    ...process.env,
    ROLE: 'api',
  };
  const envConfig = loadConfigOrExit(env);
  const logger = new JsonLogger(envConfig.logLevel === 'info' ? 'warn' : envConfig.logLevel);
  const infra = await resolveInfra({ databaseUrl: envConfig.databaseUrl, redisUrl: envConfig.redisUrl, dataDir: path.resolve('.data'), allowEmbedded: false });
  const config = withInfra(envConfig, infra);
  await runMigrations(config.databaseDirectUrl);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger), { logger, abortOnError: false });
  try {
    const keys = app.get(ApiKeyService);
    if (command === 'create') {
      const { api_key, key } = await keys.create(values.name!.trim(), scopes, 'cli', null, values.integration?.trim() || values.name!.trim());
      process.stdout.write(
        `created ${api_key.id} (${api_key.name}, integration ${api_key.integration}, scopes: ${api_key.scopes.join(', ')})\n\n  ${key}\n\nThis is the only time the key is shown; Sendbook keeps its hash.\n`,
      );
      return 0;
    }
    const { data } = await keys.list();
    if (command === 'list') {
      const rows = data.map((k) => [
        k.id,
        k.name,
        `${k.prefix}…`,
        k.scopes.join(','),
        k.created_at.slice(0, 16),
        k.last_used_at?.slice(0, 16) ?? 'never',
        k.revoked_at ? `revoked ${k.revoked_at.slice(0, 16)}` : 'active',
      ]);
      process.stdout.write(table([['id', 'name', 'prefix', 'scopes', 'created', 'last used', 'state'], ...rows]));
      return 0;
    }
    const matches = data.filter((k) => k.id === target || k.prefix === target || `${k.prefix}…` === target);
    if (matches.length !== 1) {
      process.stderr.write(matches.length === 0 ? `no API key with id or prefix ${target}\n` : `${target} matches ${matches.length} keys; give the id\n`);
      return 1;
    }
    const { api_key } = await keys.revoke(matches[0]!.id, 'cli');
    process.stdout.write(`revoked ${api_key.id} (${api_key.name}) at ${api_key.revoked_at}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`keys: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

function usage(code: number, problem?: string): number {
  process.stderr.write(`${problem ? `${problem}\n` : ''}${USAGE}\n`);
  return code;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows
      .map((r) =>
        r
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`keys: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
