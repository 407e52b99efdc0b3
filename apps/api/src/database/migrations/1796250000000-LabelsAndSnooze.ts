import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Labels on conversations (a text[] with a GIN index: the list filter `labels @> ARRAY[$1]` is an
 * index lookup, and the labels stay on the row the list reads anyway, no join) and snoozing
 * (`snoozed_at` set while hidden from Open; `snoozed_until` the time it wakes, null: when the
 * customer writes; a partial index for the periodic task's due scan).
 */
export class LabelsAndSnooze1796250000000 implements MigrationInterface {
  name = 'LabelsAndSnooze1796250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "conversations" ADD "labels" text array NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "conversations" ADD "snoozed_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "conversations" ADD "snoozed_until" TIMESTAMP WITH TIME ZONE`);
    await q.query(`CREATE INDEX "ix_conversations_labels" ON "conversations" USING gin ("labels")`);
    await q.query(`CREATE INDEX "ix_conversations_snooze_due" ON "conversations"  ("snoozed_until") WHERE snoozed_until IS NOT NULL`);
    await q.query(`ALTER TABLE "conversations" ADD CONSTRAINT "ck_conversations_snooze" CHECK (snoozed_until IS NULL OR snoozed_at IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "conversations" DROP CONSTRAINT "ck_conversations_snooze"`);
    await q.query(`DROP INDEX "public"."ix_conversations_snooze_due"`);
    await q.query(`DROP INDEX "public"."ix_conversations_labels"`);
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "snoozed_until"`);
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "snoozed_at"`);
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "labels"`);
  }
}
