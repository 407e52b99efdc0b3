// `node apps/api/dist/cli/reencrypt-secrets.js`: after rotating APP_ENCRYPTION_KEY (the new key
// in APP_ENCRYPTION_KEY, the old one in APP_ENCRYPTION_KEYS_PREVIOUS), seals every stored secret
// with the new key, so the old one can then be dropped. Safe to run again, and while Sendbook
// runs: each row is rewritten only if it still holds what was read (a concurrent change wins).
import 'reflect-metadata';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { secretBoxOf } from '../config/config.module.js';
import { loadConfigOrExit } from '../config/load-config.js';
import { dataSourceOptions } from '../database/data-source.js';
import { resolveInfra } from '../infra/resolve-infra.js';
import { reencryptSecrets } from '../modules/integrator-events/reencrypt-secrets.js';

const config = loadConfigOrExit(process.env);
const infra = await resolveInfra({ databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, dataDir: path.resolve('.data'), allowEmbedded: false });
// A one-off run: PostgreSQL itself when a pooler stands in front of it (DATABASE_DIRECT_URL).
const dataSource = new DataSource(dataSourceOptions(config.databaseDirectUrl ?? infra.databaseUrl));
await dataSource.initialize();
try {
  const result = await reencryptSecrets(dataSource, secretBoxOf(config));
  console.log(`event endpoint secrets: ${result.resealed} sealed with the current key, ${result.current} already were`);
} finally {
  await dataSource.destroy();
}
