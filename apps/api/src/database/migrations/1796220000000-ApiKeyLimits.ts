import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Limits an admin sets per key: the numbers it may send from, its highest priority, its request rate. */
export class ApiKeyLimits1796220000000 implements MigrationInterface {
  name = 'ApiKeyLimits1796220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" ADD "phone_number_ids" text array`);
    await q.query(`ALTER TABLE "api_keys" ADD "max_priority" integer`);
    await q.query(`ALTER TABLE "api_keys" ADD "rate_per_minute" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "rate_per_minute"`);
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "max_priority"`);
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "phone_number_ids"`);
  }
}
