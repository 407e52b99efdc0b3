import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved answers for the composer. */
export class Snippets1796230000000 implements MigrationInterface {
  name = 'Snippets1796230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "snippets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" text NOT NULL, "text" text NOT NULL, "created_by" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_da592ff802b6af1369e622402a6" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "uq_snippets_title" ON "snippets" ("title") `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."uq_snippets_title"`);
    await q.query(`DROP TABLE "snippets"`);
  }
}
