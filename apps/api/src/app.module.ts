import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/config.schema.js';
import { dataSourceOptions } from './database/data-source.js';
import { redisOptionsFromUrl } from './infra/redis-options.js';
import { RedisModule } from './infra/redis.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { HealthModule } from './modules/health/health.module.js';

/** The whole application. `config.role` decides, inside each feature module, whether workers run. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl), autoLoadEntities: false }),
        BullModule.forRoot({
          connection: { ...redisOptionsFromUrl(config.redisUrl), maxRetriesPerRequest: null },
          prefix: config.redisPrefix,
        }),
        RedisModule,
        ApiKeysModule,
        HealthModule,
      ],
    };
  }
}
