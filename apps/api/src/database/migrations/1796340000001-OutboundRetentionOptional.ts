import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound rows are the books: they stay for good unless their purpose has a retention
 * (OUTBOUND_RETENTION), so `retain_until` may be empty. Dropping NOT NULL is a catalog change only.
 * Rows written before keep the date they had (their dedupe window), as they were promised.
 */
export class OutboundRetentionOptional1796340000001 implements MigrationInterface {
  name = 'OutboundRetentionOptional1796340000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "outbound_messages" ALTER COLUMN "retain_until" DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "outbound_messages" SET "retain_until" = 'infinity' WHERE "retain_until" IS NULL`);
    await q.query(`ALTER TABLE "outbound_messages" ALTER COLUMN "retain_until" SET NOT NULL`);
  }
}
