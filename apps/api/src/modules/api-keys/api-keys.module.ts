import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ApiKeyGuard, ApiKeyVerifier } from '../../common/auth/api-key.guard.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeyService } from './api-key.service.js';

/** API keys. A module whose controllers use ApiKeyGuard imports this one for the verifier the guard needs. */
@Module({
  providers: [ApiKeyRepository, ApiKeyService, { provide: ApiKeyVerifier, useExisting: ApiKeyService }, ApiKeyGuard],
  exports: [ApiKeyVerifier, ApiKeyGuard],
})
export class ApiKeysModule implements OnApplicationBootstrap {
  constructor(
    private readonly apiKeys: ApiKeyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.bootstrap.apiKey) await this.apiKeys.ensureBootstrapKey(this.config.bootstrap.apiKey);
  }
}
