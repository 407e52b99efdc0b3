import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/infra/free-port.js';

const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL of one test's own (initdb into a temp dir, run as the `postgres` OS user, which
 * root needs), which the test may stall with SIGSTOP. Never the shared one: other tests use it.
 */
export interface PrivatePostgres {
  /** Server URL (database `postgres`). */
  readonly url: string;
  /** Freezes the postmaster and every backend: connections stay open, nothing answers. */
  stall(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbook-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { stdio: 'pipe' });
  asPostgres('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
  asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // The postmaster and its children (one backend per connection, and the background processes).
  const processes = () => [postmaster, ...spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' }).stdout.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0)];
  const signal = (name: NodeJS.Signals) => {
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
    stop: async () => {
      signal('SIGCONT');
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
