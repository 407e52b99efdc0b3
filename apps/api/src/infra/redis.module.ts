import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Cluster } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.schema.js';
import { createBullConnection, createGeneralClient, type RedisClient } from './redis-clients.js';

/** A general-purpose Redis client (buckets, live events, readiness): one server or a cluster. BullMQ has its own. */
export const REDIS = Symbol('REDIS');

/** On a Redis Cluster, the one Cluster client BullMQ's queues share (workers duplicate it); null on one server. */
export const BULL_CLUSTER = Symbol('BULL_CLUSTER');

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = createGeneralClient(config);
        redis.on('error', () => undefined);
        return redis;
      },
    },
    {
      provide: BULL_CLUSTER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.redisCluster) return null;
        const cluster = createBullConnection(config) as Cluster;
        cluster.on('error', () => undefined);
        return cluster;
      },
    },
  ],
  exports: [REDIS, BULL_CLUSTER],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(BULL_CLUSTER) private readonly bullCluster: Cluster | null,
  ) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
    this.bullCluster?.disconnect();
  }
}
