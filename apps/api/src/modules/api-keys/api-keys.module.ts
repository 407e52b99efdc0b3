import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../../common/auth/authenticators.js';
import { perRole } from '../../common/modules/per-role.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig, Role } from '../../config/config.schema.js';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { ApiKeyRateLimiter } from './api-key-rate-limiter.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeyService } from './api-key.service.js';
import { ApiKeysController } from './api-keys.controller.js';

/** Integrator API keys: the authenticator the AuthGuard asks, their management, and the bootstrap key. */
@Module({})
export class ApiKeysModule implements OnApplicationBootstrap {
  constructor(
    private readonly apiKeys: ApiKeyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  static readonly forRole = perRole((role: Role) => ({
    module: ApiKeysModule,
    imports: [AuditModule, EventsModule.forRole(role)],
    controllers: role === 'worker' ? [] : [ApiKeysController],
    providers: [ApiKeyRepository, ApiKeyRateLimiter, ApiKeyService, { provide: ApiKeyAuthenticator, useExisting: ApiKeyService }],
    exports: [ApiKeyAuthenticator, ApiKeyService],
  }));

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.bootstrap.apiKey) await this.apiKeys.ensureBootstrapKey(this.config.bootstrap.apiKey);
  }
}
