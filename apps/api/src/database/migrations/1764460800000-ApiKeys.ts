import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeys1764460800000 implements MigrationInterface {
  name = 'ApiKeys1764460800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "api_keys" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" text NOT NULL,
      "key_hash" text NOT NULL,
      "key_prefix" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "revoked_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_api_keys" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_api_keys_key_hash" ON "api_keys" ("key_hash")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "api_keys"`);
  }
}
