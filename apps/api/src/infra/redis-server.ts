import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './free-port.js';
import type { RunningService } from './embedded-postgres.js';
import { redisAnswers } from './probe.js';

export class RedisUnavailableError extends Error {
  constructor() {
    super(
      'No Redis: nothing answers on localhost:6379 and no redis-server is on PATH. ' +
        'Install Redis (e.g. `apt-get install redis-server` or `brew install redis`) or set REDIS_URL.',
    );
    this.name = 'RedisUnavailableError';
  }
}

/** Starts `redis-server` from PATH with its data under `dataDir`, or throws RedisUnavailableError. */
export async function startRedisServer(dataDir: string, binary = 'redis-server', fixedPort?: number): Promise<RunningService> {
  const dir = path.resolve(dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  const port = fixedPort ?? (await freePort());
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const spawned = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  if (!spawned) throw new RedisUnavailableError();

  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; tries < 50 && !(await redisAnswers(url, 200)); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
