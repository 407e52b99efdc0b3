// A streaming standby of a private primary (private-postgres.mjs): `pg_basebackup -R` into a temp
// dir, started as the `postgres` OS user on another free port, for read-replica tests. Its replay
// may be paused (the standby lags: it receives WAL but applies none) and it may be stopped and
// started again. Plain ESM on the built API, like private-postgres.mjs.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../apps/api/dist/infra/free-port.js';

const BIN = '/usr/lib/postgresql/15/bin';

/** `primaryUrl`: the private primary's server URL (its `url`). */
export async function startPrivateStandby(primaryUrl) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbook-standby-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (command, args) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { stdio: 'pipe' });
  const asPostgresAsync = (command, args) => promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]);
  // A slot of its own: the primary keeps the WAL a stopped standby has not received yet.
  const slot = `sendbook_standby_${port}`;
  // -R writes primary_conninfo and standby.signal; -X stream copies the WAL made meanwhile.
  asPostgres('pg_basebackup', ['-d', primaryUrl, '-D', data, '-R', '-X', 'stream', '-C', '-S', slot, '-c', 'fast', '--no-sync']);
  const startArgs = [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c hot_standby=on`,
    'start',
  ];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', 'stop'];
  asPostgres('pg_ctl', startArgs);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;

  const query = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  const replayState = async () => (await query(`SELECT pg_get_wal_replay_pause_state() AS state`))[0].state;
  const until = async (done, what) => {
    for (const started = Date.now(); !(await done());) {
      if (Date.now() - started > 30_000) throw new Error(`standby: ${what} did not happen within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  return {
    url,
    pauseReplay: async () => {
      await query(`SELECT pg_wal_replay_pause()`);
      // Asked is not done: replay stops at the next record it reads.
      await until(async () => (await replayState()) === 'paused', 'pausing replay');
    },
    resumeReplay: async () => {
      await query(`SELECT pg_wal_replay_resume()`);
    },
    caughtUp: async () => {
      const primary = new pg.Client({ connectionString: primaryUrl });
      await primary.connect();
      try {
        const target = (await primary.query(`SELECT pg_current_wal_lsn()::text AS lsn`)).rows[0].lsn;
        await until(async () => (await query(`SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn AS ok`))[0].ok, `replaying up to ${target}`);
      } finally {
        await primary.end();
      }
    },
    stop: async () => {
      if (!running) return;
      await asPostgresAsync('pg_ctl', stopArgs);
      running = false;
    },
    start: async () => {
      if (running) return;
      await asPostgresAsync('pg_ctl', startArgs);
      running = true;
    },
    remove: async () => {
      try {
        if (running) asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        running = false;
        // The primary would keep WAL for the slot forever.
        const primary = new pg.Client({ connectionString: primaryUrl });
        await primary.connect();
        await primary.query(`SELECT pg_drop_replication_slot($1) FROM pg_replication_slots WHERE slot_name = $1`, [slot]).finally(() => primary.end());
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
