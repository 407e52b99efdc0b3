import type { MigrationInterface, QueryRunner } from 'typeorm';
import { convertToPartitioned, convertToPlain } from '../partitions/first-partition.js';

// Written by hand: TypeORM does not model partitioning.
//
// message_status_events (every status webhook: three a message) becomes a table partitioned by day
// of received_at, so STATUS_EVENT_RETENTION_DAYS drops a day at a time. Its unique keys must hold
// received_at: the primary key becomes (id, received_at), the event key's index (event_key,
// received_at). An event key is still written once: its insert commits with the event's claim,
// which is unique across days (WebhooksRepository.claimMany).
//
// Online, without copying a row: the existing table becomes the first partition, for every status
// received before the day after tomorrow (convertToPartitioned says how); its identity sequence
// passes to the new table. Not in a transaction of its own (`transaction = false`): CREATE INDEX
// CONCURRENTLY cannot run in one.

const PARENT = 'message_status_events';
const PK = 'PK_5e4173055a44527bdda3f98f392';
const OLD_PK = 'PK_8315fd1503b59bcdb37e5412ccf';
const SEQUENCE = 'message_status_events_id_seq';
const INDEXES = [
  {
    name: 'ix_message_status_events_message',
    definition: (t: string) => `CREATE INDEX "ix_message_status_events_message" ON "${t}" ("message_id", "occurred_at") WHERE message_id IS NOT NULL`,
  },
  {
    name: 'ix_message_status_events_parked',
    definition: (t: string) => `CREATE INDEX "ix_message_status_events_parked" ON "${t}" ("phone_number_id", "wamid") WHERE match_state = 'parked'`,
  },
  {
    name: 'ix_message_status_events_parked_age',
    definition: (t: string) => `CREATE INDEX "ix_message_status_events_parked_age" ON "${t}" ("received_at") WHERE match_state = 'parked'`,
  },
  {
    name: 'ix_message_status_events_delivered',
    definition: (t: string) =>
      `CREATE INDEX "ix_message_status_events_delivered" ON "${t}" ("occurred_at") WHERE status = 'delivered' AND message_id IS NOT NULL`,
  },
];

export class PartitionStatusEvents1796340000002 implements MigrationInterface {
  name = 'PartitionStatusEvents1796340000002';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await convertToPartitioned(q, {
      parent: PARENT,
      column: 'received_at',
      createTable: (table) =>
        `CREATE TABLE "${table}" ("id" bigint NOT NULL DEFAULT nextval('${SEQUENCE}'), "event_key" text NOT NULL, "delivery_id" uuid NOT NULL, "message_id" uuid,
           "phone_number_id" text NOT NULL, "wamid" text NOT NULL, "status" text NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE,
           "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "recipient_id" text, "recipient_user_id" text, "biz_opaque_callback_data" text,
           "conversation" jsonb, "pricing" jsonb, "errors" jsonb, "raw" jsonb NOT NULL, "match_state" text NOT NULL, "merge_result" text,
           "matched_at" TIMESTAMP WITH TIME ZONE,
           CONSTRAINT "ck_message_status_events_match" CHECK (match_state IN ('matched','parked','foreign')),
           CONSTRAINT "${PK}" PRIMARY KEY ("id", "received_at")) PARTITION BY RANGE ("received_at")`,
      oldPrimaryKey: OLD_PK,
      primaryKey: { name: PK, columns: ['id', 'received_at'] },
      uniques: [{ name: 'uq_message_status_events_key', columns: ['event_key', 'received_at'] }],
      // On event_key alone: a partitioned table's unique index must hold received_at.
      retiredIndexes: ['uq_message_status_events_key'],
      indexes: INDEXES,
      // The ids go on from where the old table's were.
      sequence: { name: SEQUENCE, column: 'id' },
    });
  }

  async down(q: QueryRunner): Promise<void> {
    await convertToPlain(
      q,
      PARENT,
      [
        `ALTER TABLE "${PARENT}" ADD CONSTRAINT "${OLD_PK}" PRIMARY KEY ("id")`,
        `CREATE UNIQUE INDEX "uq_message_status_events_key" ON "${PARENT}" ("event_key")`,
        ...INDEXES.map((index) => index.definition(PARENT)),
      ],
      { name: SEQUENCE, column: 'id' },
    );
  }
}
