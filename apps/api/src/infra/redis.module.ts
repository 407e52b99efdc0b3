import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.schema.js';

/** A general-purpose Redis client (buckets, pub/sub publishing, readiness). BullMQ has its own. */
export const REDIS = Symbol('REDIS');

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = new Redis(config.redisUrl, {
          // Fail fast instead of queueing commands forever while Redis is away.
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2000,
          // Commands issued in the same tick (admissions, live events of many concurrent sends) go
          // out in one write: a round trip per command is what a busy sender would spend its CPU on.
          enableAutoPipelining: true,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
        });
        redis.on('error', () => undefined);
        return redis;
      },
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
