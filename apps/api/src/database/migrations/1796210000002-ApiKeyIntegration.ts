import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each key belongs to an integration; an existing key gets its own name as its integration. */
export class ApiKeyIntegration1796210000002 implements MigrationInterface {
  name = 'ApiKeyIntegration1796210000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "api_keys" ADD "integration" text`);
    await q.query(`UPDATE "api_keys" SET "integration" = "name"`);
    await q.query(`ALTER TABLE "api_keys" ALTER COLUMN "integration" SET NOT NULL`);
    await q.query(`CREATE INDEX "ix_api_keys_integration" ON "api_keys" ("integration") `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."ix_api_keys_integration"`);
    await q.query(`ALTER TABLE "api_keys" DROP COLUMN "integration"`);
  }
}
