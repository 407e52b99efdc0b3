import type { ConnectionOptions } from 'bullmq';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { AppConfig } from '../config/config.schema.js';
import { redisOptionsFromUrl } from './redis-options.js';

/**
 * A connection to Sendbook's Redis: one server (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES).
 * Both take the same commands; on a cluster every multi-key command, transaction, pipeline and
 * script must keep to one slot, which the key builders' hash tags see to (docs/ARCHITECTURE.md).
 */
export type RedisClient = Redis | Cluster;

type RedisSettings = Pick<AppConfig, 'redisUrl' | 'redisCluster'>;

/** Reconnect within 2 s after Redis comes back (BullMQ's default backs off to 20 s). */
const reconnectWithin2s = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * The general-purpose client (buckets, scripts, live events, readiness): it fails fast instead of
 * queueing commands forever while Redis is away. On a cluster, a command to a master that just
 * died is retried on its replica once that has taken over (ioredis follows MOVED and refreshes the
 * slots), up to `maxRedirections` tries about 100 ms apart; past that the caller gets the error.
 */
export function createGeneralClient(settings: RedisSettings): RedisClient {
  const common = {
    connectTimeout: 2000,
    // Commands issued in the same tick (admissions, live events of many concurrent sends) go out
    // in one write: a round trip per command is what a busy sender would spend its CPU on.
    enableAutoPipelining: true,
  };
  if (settings.redisCluster) {
    return new Cluster(seedsOf(settings.redisCluster), {
      ...clusterBase(settings.redisCluster),
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      clusterRetryStrategy: reconnectWithin2s,
      redisOptions: { ...loginOf(settings.redisCluster), connectTimeout: common.connectTimeout, maxRetriesPerRequest: 1 },
    });
  }
  return new Redis(settings.redisUrl, { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: reconnectWithin2s });
}

/**
 * What BullMQ connects with. One server: options, from which each queue and worker opens its own
 * connections (as before clusters were supported). A cluster: one lazily connected Cluster that
 * the queues share and each worker duplicates (BullMQ builds only single-server clients from
 * options); whoever asked for it disconnects it at shutdown.
 */
export function createBullConnection(settings: RedisSettings): ConnectionOptions {
  if (settings.redisCluster) {
    return new Cluster(seedsOf(settings.redisCluster), {
      ...clusterBase(settings.redisCluster),
      lazyConnect: true,
      clusterRetryStrategy: reconnectWithin2s,
      // BullMQ's blocking commands must wait for Redis, not fail after one retry.
      redisOptions: { ...loginOf(settings.redisCluster), maxRetriesPerRequest: null },
    });
  }
  return { ...redisOptionsFromUrl(settings.redisUrl), maxRetriesPerRequest: null, retryStrategy: reconnectWithin2s };
}

/**
 * A queue's BullMQ key prefix. On a cluster each queue's keys carry a hash tag of their own, as
 * BullMQ requires (its scripts touch many keys of one queue), and different queues land on
 * different slots, so they spread over the masters. On one server: the prefix as it always was.
 */
export function bullPrefix(settings: RedisSettings & Pick<AppConfig, 'redisPrefix'>, queue: string): string {
  return settings.redisCluster ? `{${settings.redisPrefix}:${queue}}` : settings.redisPrefix;
}

/** Overrides for a dedicated connection (a blocking reader): its own name and queueing. */
export interface DuplicateOverrides {
  readonly connectionName: string;
  readonly enableAutoPipelining: boolean;
  readonly enableOfflineQueue: boolean;
  readonly maxRetriesPerRequest: number | null;
}

/** A new connection like `client`, with `overrides`: `Cluster.duplicate` takes node options apart from its own. */
export function duplicateClient(client: RedisClient, overrides: DuplicateOverrides): RedisClient {
  if (client instanceof Cluster) {
    const { connectionName, maxRetriesPerRequest, ...clusterLevel } = overrides;
    return client.duplicate(undefined, {
      ...clusterLevel,
      redisOptions: { ...client.options.redisOptions, connectionName, maxRetriesPerRequest },
    });
  }
  return client.duplicate(overrides);
}

function seedsOf(seeds: NonNullable<AppConfig['redisCluster']>): { host: string; port: number }[] {
  return seeds.nodes.map((n) => ({ host: n.host, port: n.port }));
}

function loginOf(seeds: NonNullable<AppConfig['redisCluster']>): Pick<RedisOptions, 'username' | 'password' | 'tls'> {
  return {
    ...(seeds.username === null ? {} : { username: seeds.username }),
    ...(seeds.password === null ? {} : { password: seeds.password }),
    ...(seeds.tls ? { tls: {} } : {}),
  };
}

function clusterBase(seeds: NonNullable<AppConfig['redisCluster']>): ClusterOptions {
  return {
    // Over TLS, certificates name the nodes' hostnames: connect by the name a node announces, not a re-resolved address.
    ...(seeds.tls ? { dnsLookup: (address: string, callback: (error: Error | null, address: string) => void) => callback(null, address) } : {}),
  };
}
