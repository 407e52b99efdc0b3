import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An API key may expire: refused from `expires_at` on, as a revoked one is. */
export class ApiKeyExpiry1796210000001 implements MigrationInterface {
  name = 'ApiKeyExpiry1796210000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "expires_at"`);
  }
}
