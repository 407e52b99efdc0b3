import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiKeyScope } from '../../common/auth/principal.js';
import { queryRows } from '../../database/query-rows.js';
import { ApiKey } from './api-key.entity.js';

type KeyLimitColumns = Pick<ApiKey, 'phoneNumberIds' | 'maxPriority' | 'ratePerMinute'>;

@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Neither revoked nor past its expiry (by the database's clock, as every instance sees it). */
  async findActiveByHash(keyHash: string): Promise<ApiKey | null> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [keyHash],
    );
    return row ? this.findById(row.id) : null;
  }

  /** The ids of keys whose creator is a deactivated staff member: someone should look at them. */
  async createdByDeactivatedStaff(): Promise<Set<string>> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT k.id FROM api_keys k JOIN staff s ON k.created_by = 'staff:' || s.id::text WHERE NOT s.active AND k.revoked_at IS NULL`,
    );
    return new Set(rows.map((r) => r.id));
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
      `INSERT INTO api_keys (name, integration, key_hash, key_prefix, scopes, created_by) VALUES ($1, $1, $2, $3, $4, $5) ON CONFLICT (key_hash) DO NOTHING`,
      [key.name, key.keyHash, key.keyPrefix, key.scopes, key.createdBy],
    );
  }

  /** Every key of the integration, revoked ones too: their messages stay their integration's. */
  async integrationKeys(integration: string): Promise<string[]> {
    return (await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM api_keys WHERE integration = $1`, [integration])).map((r) => r.id);
  }

  async insert(
    key: {
      name: string;
      integration: string;
      keyHash: string;
      keyPrefix: string;
      scopes: ApiKeyScope[];
      createdBy: string;
      expiresAt: Date | null;
    } & Partial<KeyLimitColumns>,
  ): Promise<ApiKey> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO api_keys (name, integration, key_hash, key_prefix, scopes, created_by, expires_at, phone_number_ids, max_priority, rate_per_minute)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        key.name,
        key.integration,
        key.keyHash,
        key.keyPrefix,
        key.scopes,
        key.createdBy,
        key.expiresAt,
        key.phoneNumberIds ?? null,
        key.maxPriority ?? null,
        key.ratePerMinute ?? null,
      ],
    );
    return (await this.findById(row!.id))!;
  }

  /** Sets the limits given; the others stay. */
  async updateLimits(id: string, limits: Partial<KeyLimitColumns>): Promise<ApiKey> {
    await this.dataSource.getRepository(ApiKey).update({ id }, limits);
    return (await this.findById(id))!;
  }

  /** Revokes once: null when the key is unknown or was revoked already. */
  async revoke(id: string, at: Date): Promise<ApiKey | null> {
    const rows = await queryRows<{ id: string }>(this.dataSource, `UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [
      id,
      at,
    ]);
    return rows[0] ? this.findById(id) : null;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)`, [id, at]);
  }
}
