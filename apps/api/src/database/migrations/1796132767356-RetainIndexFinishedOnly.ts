import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written by hand: TypeORM's diff does not compare an index's WHERE clause. Never edit after it lands.
// The purge reads finished rows only; queued and sending rows no longer write this index on the
// way (an insert and a claim each added an entry that only a later update superseded).
export class RetainIndexFinishedOnly1796132767356 implements MigrationInterface {
  name = 'RetainIndexFinishedOnly1796132767356';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."ix_outbound_messages_retain"`);
    await q.query(
      `CREATE INDEX "ix_outbound_messages_retain" ON "outbound_messages" ("retain_until") WHERE state IN ('accepted', 'sent', 'delivered', 'read', 'played', 'failed', 'cancelled')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."ix_outbound_messages_retain"`);
    await q.query(`CREATE INDEX "ix_outbound_messages_retain" ON "outbound_messages" ("retain_until")`);
  }
}
