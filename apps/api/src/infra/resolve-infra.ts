import { startEmbeddedPostgres, type RunningService } from './embedded-postgres.js';
import { ensureDatabase, postgresAnswers, redisAnswers, withDatabase } from './probe.js';
import { startRedisServer, RedisUnavailableError } from './redis-server.js';

export type InfraSource = 'explicit' | 'local' | 'embedded';

export interface ResolvedInfra {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly sources: { readonly database: InfraSource; readonly redis: InfraSource };
  /** Stops whatever this process started (embedded PostgreSQL, redis-server). */
  stop(): Promise<void>;
}

export interface ResolveInfraOptions {
  readonly databaseUrl?: string | null;
  readonly redisUrl?: string | null;
  /** Where embedded services keep their data (git-ignored `.data/`). */
  readonly dataDir: string;
  /** `npm start` may start embedded services; `npm run serve` may not. */
  readonly allowEmbedded: boolean;
  readonly database?: string;
  readonly localPostgresUrl?: string;
  readonly localRedisUrl?: string;
  readonly redisBinary?: string;
  readonly log?: (line: string) => void;
}

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * In this order: an explicit URL, else a local server if it answers, else an embedded one.
 */
export async function resolveInfra(options: ResolveInfraOptions): Promise<ResolvedInfra> {
  const log = options.log ?? (() => undefined);
  const started: RunningService[] = [];
  const stop = async () => {
    for (const service of started.reverse()) await service.stop();
  };
  try {
    const database = await resolvePostgres(options, started, log);
    const redis = await resolveRedis(options, started);
    return { databaseUrl: database.url, redisUrl: redis.url, sources: { database: database.source, redis: redis.source }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function resolvePostgres(options: ResolveInfraOptions, started: RunningService[], log: (line: string) => void) {
  if (options.databaseUrl) return { url: options.databaseUrl, source: 'explicit' as const };
  const name = options.database ?? 'sendbook';
  const local = options.localPostgresUrl ?? LOCAL_POSTGRES_URL;
  if (await postgresAnswers(local)) {
    await ensureDatabase(local, name);
    return { url: withDatabase(local, name), source: 'local' as const };
  }
  if (!options.allowEmbedded) {
    throw new Error(`DATABASE_URL is not set and no PostgreSQL answers at ${redactUrl(local)}`);
  }
  log('No PostgreSQL answers on localhost:5432: starting an embedded one under .data/postgres');
  const embedded = await startEmbeddedPostgres(options.dataDir, log);
  started.push(embedded);
  await ensureDatabase(embedded.url, name);
  return { url: withDatabase(embedded.url, name), source: 'embedded' as const };
}

async function resolveRedis(options: ResolveInfraOptions, started: RunningService[]) {
  if (options.redisUrl) return { url: options.redisUrl, source: 'explicit' as const };
  const local = options.localRedisUrl ?? LOCAL_REDIS_URL;
  if (await redisAnswers(local)) return { url: local, source: 'local' as const };
  if (!options.allowEmbedded) throw new RedisUnavailableError();
  const server = await startRedisServer(options.dataDir, options.redisBinary);
  started.push(server);
  return { url: server.url, source: 'embedded' as const };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}
