// What the benchmark figures were measured on: they mean little without it.
import os from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';

export async function describeMachine({
  pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
} = {}) {
  const cpus = os.cpus();
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const postgres = (await client.query('SHOW server_version')).rows[0].server_version;
  await client.end();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const info = await redis.info('server');
  redis.disconnect();
  const facts = {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    postgres,
    redis: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown',
    load_average_at_start: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  const markdown = [
    '## The machine',
    '',
    `${facts.cpu}, ${facts.memory_gib} GiB; ${facts.os}; Node.js ${facts.node}; PostgreSQL ${facts.postgres}; Redis ${facts.redis}.`,
    `Load average when the run started: ${facts.load_average_at_start.join(', ')} (1, 5, 15 min). The load generators, the simulator and`,
    'the databases share these cores with what is measured.',
  ].join('\n');
  return { facts, markdown };
}
