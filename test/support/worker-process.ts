import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Sendbook } from './sendbook.js';
import { testEnv } from './test-env.js';

/** A separate `npm run serve` worker process (ROLE=worker) on the test's database and Redis prefix. */
export function startWorkerProcess(sb: Sendbook, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.resolve('apps/api/dist/main.js')], {
    stdio: ['ignore', process.env.SENDBOOK_WORKER_LOGS ? 'inherit' : 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      ...testEnv({
        ROLE: 'worker',
        DATABASE_URL: sb.config.databaseUrl,
        // The same way to the database as the test's app (through a pooler when it has one).
        DATABASE_DIRECT_URL: sb.config.databaseDirectUrl,
        DATABASE_POOLER: sb.config.database.pooler,
        // The same Redis the test's app uses: one server, or the cluster's seeds (the two exclude each other).
        ...(sb.config.redisCluster
          ? { REDIS_CLUSTER_NODES: sb.config.redisCluster.nodes.map((n) => `${n.host}:${n.port}`).join(',') }
          : { REDIS_URL: sb.config.redisUrl }),
        REDIS_PREFIX: sb.config.redisPrefix,
        MEDIA_DIR: sb.config.media.dir,
        WHATSAPP_GRAPH_URL: sb.sim.url,
        SWEEP_INTERVAL_MS: '300',
        LOG_LEVEL: process.env.SENDBOOK_WORKER_LOGS ?? 'silent',
        ...env,
      }),
    },
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}
