import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Which customer message Meta was last told is read, so a reply or an opened thread does not mark it twice. */
export class ConversationReadMark1796240300000 implements MigrationInterface {
  name = 'ConversationReadMark1796240300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "conversations" ADD "read_marked_wamid" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "conversations" DROP COLUMN "read_marked_wamid"`);
  }
}
