// A PostgreSQL of one run's own (initdb into a temp dir, run as the `postgres` OS user, which root
// needs), which the test or the chaos run may stall with SIGSTOP or restart. Never the shared one.
// Plain ESM on the built API (like global-setup.mjs), so jest and `npm run chaos` share it.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../apps/api/dist/infra/free-port.js';

const BIN = '/usr/lib/postgresql/15/bin';

export async function startPrivatePostgres() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbook-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (command, args) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { stdio: 'pipe' });
  // Restarts run while the caller serves traffic (the chaos run's simulator): never block its loop.
  const asPostgresAsync = (command, args) => promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]);
  const startArgs = [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    // A standby may be made from it (private-standby.mjs): WAL for replicas and senders to stream it
    // (PostgreSQL 15's defaults, said here so they stay); initdb --auth=trust already lets 127.0.0.1 replicate.
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c wal_level=replica -c max_wal_senders=10`,
    'start',
  ];
  // `immediate`: as a crash would end it (no checkpoint, every connection cut), keeping the data.
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  asPostgres('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
  asPostgres('pg_ctl', startArgs);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Read on each signal: a restart starts a new postmaster.
  const postmaster = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // The postmaster and its children (one backend per connection, and the background processes).
  const processes = () => {
    const pid = postmaster();
    return [
      pid,
      ...spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0),
    ];
  };
  const signal = (name) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, name);
      } catch {
        // It ended meanwhile.
      }
    }
  };
  return {
    url,
    stall: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    restart: async () => {
      signal('SIGCONT');
      await asPostgresAsync('pg_ctl', stopArgs);
      await asPostgresAsync('pg_ctl', startArgs);
    },
    stop: async () => {
      try {
        signal('SIGCONT');
        asPostgres('pg_ctl', stopArgs);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
