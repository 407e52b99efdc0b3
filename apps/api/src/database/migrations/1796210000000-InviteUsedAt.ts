import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A used invite or reset link keeps its hash with the moment it was used, to say so when opened again. */
export class InviteUsedAt1796210000000 implements MigrationInterface {
  name = 'InviteUsedAt1796210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" ADD "invite_used_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" DROP COLUMN "invite_used_at"`);
  }
}
