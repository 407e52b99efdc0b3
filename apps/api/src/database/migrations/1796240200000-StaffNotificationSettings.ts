import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each staff member's notification settings (sound, browser notifications, which views); null: the defaults. */
export class StaffNotificationSettings1796240200000 implements MigrationInterface {
  name = 'StaffNotificationSettings1796240200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" ADD "notification_settings" jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" DROP COLUMN "notification_settings"`);
  }
}
