import type { MigrationInterface, QueryRunner } from 'typeorm';
import { convertToPartitioned, convertToPlain } from '../partitions/first-partition.js';

// Written by hand: TypeORM does not model partitioning.
//
// metric_samples (a reading per figure, label and minute, for every number and pool) becomes a
// table partitioned by day of bucket_start, so METRICS_RETENTION_DAYS drops a day at a time
// instead of deleting rows. Its primary key holds bucket_start already and stays as it is.
//
// Online, without copying a row: the existing table becomes the first partition, for every reading
// before the day after tomorrow (convertToPartitioned says how). Not in a transaction of its own
// (`transaction = false`): CREATE INDEX CONCURRENTLY cannot run in one.

const PARENT = 'metric_samples';
const PK = 'PK_f04b6fdfdec00b7fb67103a63ab';
const BUCKET_INDEX = {
  name: 'ix_metric_samples_bucket',
  definition: (t: string) => `CREATE INDEX "ix_metric_samples_bucket" ON "${t}" ("bucket_start")`,
};

export class PartitionMetricSamples1796350100000 implements MigrationInterface {
  name = 'PartitionMetricSamples1796350100000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await convertToPartitioned(q, {
      parent: PARENT,
      column: 'bucket_start',
      createTable: (table) =>
        `CREATE TABLE "${table}" ("metric" text NOT NULL, "label" text NOT NULL, "bucket_start" TIMESTAMP WITH TIME ZONE NOT NULL,
           "value" double precision NOT NULL, "sampled_at" TIMESTAMP WITH TIME ZONE NOT NULL,
           CONSTRAINT "${PK}" PRIMARY KEY ("metric", "label", "bucket_start")) PARTITION BY RANGE ("bucket_start")`,
      oldPrimaryKey: PK,
      primaryKey: { name: PK, columns: ['metric', 'label', 'bucket_start'] },
      uniques: [],
      retiredIndexes: [],
      indexes: [BUCKET_INDEX],
    });
  }

  async down(q: QueryRunner): Promise<void> {
    await convertToPlain(q, PARENT, [`ALTER TABLE "${PARENT}" ADD CONSTRAINT "${PK}" PRIMARY KEY ("metric", "label", "bucket_start")`, BUCKET_INDEX.definition(PARENT)]);
  }
}
