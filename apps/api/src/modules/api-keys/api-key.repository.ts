import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import type { ApiKeyScope } from '../../common/auth/principal.js';
import { queryRows } from '../../database/query-rows.js';
import { ApiKey } from './api-key.entity.js';

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  findActiveByHash(keyHash: string): Promise<ApiKey | null> {
    return this.dataSource.getRepository(ApiKey).findOneBy({ keyHash, revokedAt: IsNull() });
  }

  findById(id: string): Promise<ApiKey | null> {
    return this.dataSource.getRepository(ApiKey).findOneBy({ id });
  }

  list(): Promise<ApiKey[]> {
    return this.dataSource.getRepository(ApiKey).find({ order: { createdAt: 'DESC' } });
  }

  /** Idempotent: a second boot with the same key inserts nothing. */
  async insertIfAbsent(key: { name: string; keyHash: string; keyPrefix: string; scopes: ApiKeyScope[]; createdBy: string }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO api_keys (name, key_hash, key_prefix, scopes, created_by) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key_hash) DO NOTHING`,
      [key.name, key.keyHash, key.keyPrefix, key.scopes, key.createdBy],
    );
  }

  async insert(key: { name: string; keyHash: string; keyPrefix: string; scopes: ApiKeyScope[]; createdBy: string }): Promise<ApiKey> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO api_keys (name, key_hash, key_prefix, scopes, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [key.name, key.keyHash, key.keyPrefix, key.scopes, key.createdBy],
    );
    return (await this.findById(row!.id))!;
  }

  /** Revokes once: null when the key is unknown or was revoked already. */
  async revoke(id: string, at: Date): Promise<ApiKey | null> {
    const rows = await queryRows<{ id: string }>(this.dataSource, `UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [id, at]);
    return rows[0] ? this.findById(id) : null;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)`, [id, at]);
  }
}
