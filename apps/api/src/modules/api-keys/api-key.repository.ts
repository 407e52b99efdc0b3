import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { ApiKey } from './api-key.entity.js';

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  findActiveByHash(keyHash: string): Promise<ApiKey | null> {
    return this.dataSource.getRepository(ApiKey).findOneBy({ keyHash, revokedAt: IsNull() });
  }

  /** Idempotent: a second boot with the same key inserts nothing. */
  async insertIfAbsent(name: string, keyHash: string, keyPrefix: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(ApiKey)
      .values({ name, keyHash, keyPrefix })
      .orIgnore()
      .execute();
  }
}
