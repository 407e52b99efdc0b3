import { BullModule } from '@nestjs/bullmq';
import type { DynamicModule } from '@nestjs/common';
import type { QueueName } from '@sendbook/queue';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { bullPrefix } from '../../infra/redis-clients.js';

/**
 * BullMQ queues for a module, each under its key prefix (`bullPrefix`: hash-tagged per queue on a
 * Redis Cluster). Every module registers its queues here: one registered with another prefix
 * would be another queue, whose jobs no worker takes.
 */
export function registerQueues(...names: QueueName[]): DynamicModule {
  return BullModule.registerQueueAsync(
    ...names.map((name) => ({ name, inject: [APP_CONFIG], useFactory: (config: AppConfig) => ({ prefix: bullPrefix(config, name) }) })),
  );
}
