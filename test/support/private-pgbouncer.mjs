// A PgBouncer of one run's own (Debian's package, installed by .ci/run) in transaction mode in front
// of a PostgreSQL server, on a free port of 127.0.0.1. PgBouncer refuses to run as root: like
// private-postgres.mjs it runs as the `postgres` OS user (spawned with its uid, so signals reach it). Every database name is passed through to
// the server (a `*` entry), so a test's own database needs no configuration here.
// Plain ESM on the built API (like global-setup.mjs), so jest and tools can share it.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/api/dist/infra/free-port.js';

const BINARY = '/usr/sbin/pgbouncer';

export async function startPrivatePgBouncer({ serverUrl, poolSize = 3, statementTimeoutMs = null }) {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: \`apt-get install pgbouncer\` (.ci/run installs it)`);
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbook-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const password = server.password ? ` password=${decodeURIComponent(server.password)}` : '';
  // Set on each server connection as PgBouncer opens it: the pooled connections' statement timeout
  // (a client's startup parameter cannot carry it through PgBouncer).
  const connectQuery = statementTimeoutMs === null ? '' : ` connect_query='SET statement_timeout = ${Number(statementTimeoutMs)}'`;
  const ini = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432} user=${user}${password}${connectQuery}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    'pool_mode = transaction',
    // The admin console and trust both need the user named in the auth file (no password: trust).
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `admin_users = ${user}`,
    `default_pool_size = ${poolSize}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    'max_client_conn = 500',
    // SHOW STATS as of the last second, not the last minute.
    'stats_period = 1',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), ini);
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  const child = spawn(BINARY, [path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'], ...asPostgres() });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let spawnError = null;
  child.once('error', (error) => (spawnError = error));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`, connectionTimeoutMillis: 2_000 });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  for (let tries = 0; ; tries++) {
    const exited = spawnError !== null || child.exitCode !== null || child.signalCode !== null;
    try {
      if (exited) throw spawnError ?? new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
      await admin('SHOW VERSION');
      break;
    } catch (error) {
      if (exited || tries > 50) {
        child.kill('SIGKILL');
        const log = readLog(dir);
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`private pgbouncer on ${port} did not start: ${error}\n${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    admin,
    log: () => readLog(dir),
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        // Immediate shutdown: every connection closed (SIGINT would wait for clients to finish).
        child.kill('SIGTERM');
      }),
  };
}

/** As root, the `postgres` OS user's ids (PgBouncer will not run as root); otherwise this user. */
function asPostgres() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function readLog(dir) {
  try {
    return readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8');
  } catch {
    return '';
  }
}
