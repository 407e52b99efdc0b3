import type { MigrationInterface, QueryRunner } from 'typeorm';
import { convertToPartitioned, convertToPlain } from '../partitions/first-partition.js';

// Written by hand: TypeORM does not model partitioning.
//
// webhook_event_claims becomes a table partitioned by day of claimed_at, so retention drops a day
// of claims as one partition instead of deleting millions of rows (a million messages a day is
// three million claims a day). A partitioned table's unique keys must hold the partition column,
// so `key` alone is no longer unique by index: the claim takes a lock per key and looks in every
// partition first (WebhooksRepository.claimMany).
//
// Online, without copying a row: the existing table becomes the first partition, for every claim
// made before the day after tomorrow (convertToPartitioned says how). Retention drops it whole
// once that day is past the claims' retention. Not in a transaction of its own
// (`transaction = false`): CREATE INDEX CONCURRENTLY cannot run in one.

const PARENT = 'webhook_event_claims';
const PK = 'PK_94edece99a4af2aad78938eb106';
const OLD_PK = 'PK_6e5e6f60451444d9f97e167626f';
const OLD_INDEX = 'ix_webhook_event_claims_claimed';

export class PartitionEventClaims1796340000000 implements MigrationInterface {
  name = 'PartitionEventClaims1796340000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await convertToPartitioned(q, {
      parent: PARENT,
      column: 'claimed_at',
      createTable: (table) =>
        `CREATE TABLE "${table}" ("key" text NOT NULL, "field" text NOT NULL, "delivery_id" uuid NOT NULL, "state" text NOT NULL DEFAULT 'done',
           "lease_until" TIMESTAMP WITH TIME ZONE, "claimed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
           CONSTRAINT "ck_webhook_event_claims_state" CHECK (state IN ('processing','done')),
           CONSTRAINT "${PK}" PRIMARY KEY ("key", "claimed_at")) PARTITION BY RANGE ("claimed_at")`,
      oldPrimaryKey: OLD_PK,
      primaryKey: { name: PK, columns: ['key', 'claimed_at'] },
      uniques: [],
      // Retention drops days now: the parent needs no index on claimed_at.
      retiredIndexes: [OLD_INDEX],
      indexes: [],
    });
  }

  async down(q: QueryRunner): Promise<void> {
    await convertToPlain(q, PARENT, [
      `ALTER TABLE "${PARENT}" ADD CONSTRAINT "${OLD_PK}" PRIMARY KEY ("key")`,
      `CREATE INDEX "${OLD_INDEX}" ON "${PARENT}" ("claimed_at")`,
    ]);
  }
}
