import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createSimulator } from '@sendbook/simulator';
import { devEnvironment, devPorts, loadDevSecrets } from '../config/dev-environment.js';
import { loadConfig, withInfra } from '../config/load-config.js';
import { createHttpApp } from '../create-app.js';
import { runMigrations } from '../database/data-source.js';
import { resolveInfra } from '../infra/resolve-infra.js';
import { BootstrapAdminService, type BootstrapPasswordState } from '../modules/staff/bootstrap-admin.service.js';
import { seedDemo } from './demo-seed.js';
import { restoreSimulatorWindows } from './simulator-memory.js';

/**
 * `npm start`: the whole product on one machine for a newcomer. PostgreSQL and Redis (local or
 * embedded), migrations, API + workers, the WhatsApp simulator with a few demo customers standing
 * in for Meta, and the inbox; then the URLs.
 */
async function startDev(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const dataDir = path.join(root, '.data');
  const ports = devPorts(process.env);
  const secrets = loadDevSecrets(dataDir);

  const infra = await resolveInfra({
    databaseUrl: process.env.DATABASE_URL ?? null,
    redisUrl: process.env.REDIS_URL ?? null,
    dataDir,
    allowEmbedded: true,
    log: (line) => console.log(line),
  });

  const sim = await createSimulator({
    port: ports.simulator,
    accessToken: secrets.accessToken,
    appSecret: secrets.appSecret,
    webhookUrl: `http://127.0.0.1:${ports.api}/webhooks/whatsapp`,
    // Human-looking ticks in the demo.
    statusDelaysMs: { sent: 400, delivered: 1500, read: 4000 },
  });
  const customers = sim.randomCustomers({ count: 3, replyProbability: 0.6, greet: true });

  const config = withInfra(loadConfig(devEnvironment(process.env, secrets, sim.url)), infra);
  await runMigrations(config.databaseDirectUrl);
  const app = await createHttpApp(config);
  await app.listen(ports.api, '0.0.0.0');
  const admin = await app.get(BootstrapAdminService).checkPassword({ reset: process.argv.includes(RESET_FLAG), by: `npm start -- ${RESET_FLAG}` });

  const inbox = spawnInbox(root, ports.inbox, `http://localhost:${ports.api}`);

  console.log(`
Sendbook is running.

  Inbox                  http://localhost:${ports.inbox}
  API                    http://localhost:${ports.api}    (health: /healthz, /readyz)
  WhatsApp simulator     ${sim.url}    (control API: /_sim/health, /_sim/ledger, /_sim/customers)
  PostgreSQL             ${infra.sources.database}    Redis: ${infra.sources.redis}

  Inbox sign-in          ${signInLine(secrets.adminEmail, secrets.adminPassword, admin)}
  API key                ${secrets.apiKey}
  Demo customers         ${customers.map((c) => `+${c.waId}`).join(', ')}

Try it:
  curl -s -X POST http://localhost:${ports.api}/v1/messages \\
    -H "Authorization: Bearer ${secrets.apiKey}" -H 'Content-Type: application/json' \\
    -d '{"dedupe_key":"demo-1","to":"+${customers[0]!.waId}","purpose":"order_shipped","payload":{"type":"template","template":{"name":"order_shipped","language":{"code":"en"},"components":[{"type":"body","parameters":[{"type":"text","text":"Ada"},{"type":"text","text":"44812"},{"type":"text","text":"Friday"}]}]}}}'

Ctrl-C stops everything.`);

  // After the URLs: the demo threads take a few seconds of real sends and replies. A database
  // from an earlier run first tells the new simulator whose windows are still open.
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  restoreSimulatorWindows({ apiUrl, apiKey: secrets.apiKey, sim })
    .then(() => seedDemo({ apiUrl, apiKey: secrets.apiKey, sim, log: (line) => console.log(line) }))
    .catch((error: unknown) => console.error(`demo threads could not be made: ${error instanceof Error ? error.message : String(error)}`));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    inbox.kill('SIGTERM');
    await app.close();
    await sim.close();
    await infra.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

const RESET_FLAG = '--reset-admin-password';

/** The printed password must sign in: say so when the database's admin has another one. */
function signInLine(email: string, password: string, state: BootstrapPasswordState): string {
  if (state === 'signs_in') return `${email}  /  ${password}    (admin)`;
  if (state === 'reset') return `${email}  /  ${password}    (admin; its password was set back to this one)`;
  if (state === 'no_admin') return `${email}    (no such account in this database: see the API's log)`;
  return `${email}    (admin) has a password other than .data/dev-secrets.json's: changed in the inbox, or made by
                         another checkout sharing this database. \`npm start -- ${RESET_FLAG}\` sets it to ${password}`;
}

/** The inbox's own server in dev mode: the client address is decided as in production (serve.mjs). */
function spawnInbox(root: string, port: number, apiUrl: string): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'apps', 'inbox', 'server', 'serve.mjs'), '--dev', '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

startDev().catch((error: unknown) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
