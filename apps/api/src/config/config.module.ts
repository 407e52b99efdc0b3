import { Global, Module, type DynamicModule } from '@nestjs/common';
import { parseEncryptionKey, SecretBox } from '../common/crypto/secret-box.js';
import type { AppConfig } from './config.schema.js';

/** Injection token for the frozen AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SecretBox, useValue: secretBoxOf(config) },
      ],
      exports: [APP_CONFIG, SecretBox],
    };
  }
}

/** The box for stored secrets, from keys the configuration checked already. */
export function secretBoxOf(config: Pick<AppConfig, 'encryption'>): SecretBox {
  const { key, previous } = config.encryption;
  return new SecretBox(
    key ? parseEncryptionKey(key) : null,
    previous.map((k) => parseEncryptionKey(k)!),
  );
}
