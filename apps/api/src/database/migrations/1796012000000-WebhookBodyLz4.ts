import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written by hand: TypeORM does not model a column's compression method.
// Stored webhook bodies (kept eight days and more) compress with lz4, which costs a fraction of the
// default pglz's CPU on the ack path's INSERT. A server built without lz4 keeps pglz.
export class WebhookBodyLz41796012000000 implements MigrationInterface {
  name = 'WebhookBodyLz41796012000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DO $$
      BEGIN
        ALTER TABLE "webhook_deliveries" ALTER COLUMN "body" SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported THEN
        RAISE NOTICE 'lz4 is not available on this server: webhook bodies stay on pglz';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_deliveries" ALTER COLUMN "body" SET COMPRESSION DEFAULT`);
  }
}
