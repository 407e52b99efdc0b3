import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Cluster } from 'ioredis';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_GUARD } from '@nestjs/core';
import { BackgroundModule } from './background/background.module.js';
import { AuthGuard } from './common/auth/auth.guard.js';
import { Clock, SystemClock } from './common/clock.js';
import { CommonModule } from './common/common.module.js';
import { JsonLogger } from './common/logging/json-logger.js';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/config.schema.js';
import { dataSourceOptions } from './database/data-source.js';
import { PoolErrorGuard } from './database/pool-error-guard.js';
import { ReadReplicaModule } from './database/replica/read-replica.module.js';
import { PoolerCheck } from './database/pooler-check.js';
import { createBullConnection } from './infra/redis-clients.js';
import { BULL_CLUSTER, RedisModule } from './infra/redis.module.js';
import { AlertsModule } from './modules/alerts/alerts.module.js';
import { SnippetsModule } from './modules/snippets/snippets.module.js';
import { TeamsModule } from './modules/teams/teams.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { StaffModule } from './modules/staff/staff.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { ConversationsModule } from './modules/conversations/conversations.module.js';
import { DocsModule } from './modules/docs/docs.module.js';
import { ExportsModule } from './modules/exports/exports.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { IntegratorEventsModule } from './modules/integrator-events/integrator-events.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { NumbersModule } from './modules/numbers/numbers.module.js';
import { OutboxModule } from './modules/outbox/outbox.module.js';
import { PolicyModule } from './modules/policy/policy.module.js';
import { TemplatesModule } from './modules/templates/templates.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { WhatsappModule } from './modules/whatsapp/whatsapp.module.js';
import { WorkItemsModule } from './modules/work-items/work-items.module.js';

/**
 * The whole application. `config.role` decides, inside each feature module, whether controllers
 * (api, all) and workers (worker, all) run. Only the infrastructure (config, logger and clock,
 * Redis, TypeORM, BullMQ) is global; each feature module imports the modules it uses.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: JsonLogger, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: AppModule,
      // Every route is closed unless it says who may call it (common/auth).
      providers: [PoolErrorGuard, PoolerCheck, { provide: APP_GUARD, useClass: AuthGuard }],
      imports: [
        ConfigModule.forRoot(config),
        CommonModule.forRoot(logger, clock),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl, config.database), autoLoadEntities: false }),
        // One server: options (each queue and worker connects itself). A cluster: RedisModule's one
        // Cluster client, shared by the queues and duplicated by the workers, closed by RedisModule.
        BullModule.forRootAsync({
          inject: [BULL_CLUSTER],
          useFactory: (cluster: Cluster | null) => ({ connection: cluster ?? createBullConnection(config), prefix: config.redisPrefix }),
        }),
        RedisModule,
        ReadReplicaModule,
        BackgroundModule,
        EventsModule.forRole(config.role),
        AuditModule,
        ApiKeysModule.forRole(config.role),
        StaffModule.forRole(config.role),
        HealthModule,
        DocsModule.forRole(config.role),
        MetricsModule.forRole(config.role),
        AlertsModule.forRole(config.role),
        SnippetsModule.forRole(config.role),
        TeamsModule.forRole(config.role),
        MediaModule.forRole(config.role),
        SearchModule.forRole(config.role),
        ReportsModule.forRole(config.role),
        WhatsappModule,
        PolicyModule,
        TemplatesModule.forRole(config.role),
        OutboxModule.forRole(config.role),
        WebhooksModule.forRole(config.role),
        ConversationsModule.forRole(config.role),
        WorkItemsModule.forRole(config.role),
        NumbersModule.forRole(config.role),
        CampaignsModule.forRole(config.role),
        ExportsModule.forRole(config.role),
        IntegratorEventsModule.forRole(config.role),
      ],
    };
  }
}
