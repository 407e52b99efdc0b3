import type { MigrationInterface, QueryRunner } from 'typeorm';
import { convertToPartitioned, convertToPlain, inShortLock, kindOf, type FirstPartitionSpec } from '../partitions/first-partition.js';
import { sqlFile } from '../sql-file.js';

// Written by hand: TypeORM does not model partitioning.
//
// integrator_events, event_deliveries and event_delivery_attempts become tables partitioned by day
// of the EVENT: events by created_at, deliveries and attempts by a new column `event_at` (their
// event's created_at), so EVENT_RETENTION_DAYS drops a day of events with its deliveries and
// attempts, three partitions, instead of deleting rows. Unique keys must hold the partition
// column: events (id, created_at), deliveries (id, event_at) and (endpoint_id, event_id, event_at)
// (event_at follows from event_id: still one delivery per endpoint and event), attempts
// (id, event_at). The foreign keys between the three go (a partition that a key references cannot
// be dropped alone); the one from deliveries to event_endpoints stays.
//
// Online, without copying a row:
//   1. `event_at` is added nullable (no rewrite) and the fan-out trigger fills it from then on;
//   2. existing deliveries, then attempts, get it in batches of 5,000, each its own transaction;
//   3. the keys between the three tables are dropped (one short lock);
//   4. each table becomes the first partition of its partitioned table, for every row before the
//      same day (the day after tomorrow) — convertToPartitioned says how; `event_at`'s NOT NULL
//      comes from a check added NOT VALID, the rows still without it (written meanwhile by a
//      process of the previous version) filled, then validated; the sequences (events' seq,
//      attempts' id) pass to the new tables.
// Processes of the previous version serving meanwhile keep making events (the trigger is the
// database's), but an attempt one of them records once its table's check is there is refused (it
// has no event_at): its delivery's lease runs out and a new process POSTs it again (same event id).
// Not in a transaction of its own (`transaction = false`): CREATE INDEX CONCURRENTLY cannot run in one.

const EVENTS = 'integrator_events';
const DELIVERIES = 'event_deliveries';
const ATTEMPTS = 'event_delivery_attempts';
const BATCH = 5_000;
const DAY_MS = 86_400_000;

const EVENTS_PK = 'PK_01bad514fd4a16c978ebe0d17b8';
const EVENTS_OLD_PK = 'PK_d61350f726525a0a8c143311e0f';
const DELIVERIES_PK = 'PK_3e69f6392b86b355e8a9f5bcd39';
const DELIVERIES_OLD_PK = 'PK_ca0ffb54b343624dfb988080657';
const ATTEMPTS_PK = 'PK_88395311451ce9d17cf62efbba9';
const ATTEMPTS_OLD_PK = 'PK_5d73114e05825a522d498818f8c';
const EVENTS_SEQUENCE = { name: 'integrator_events_seq_seq', column: 'seq' };
const ATTEMPTS_SEQUENCE = { name: 'event_delivery_attempts_id_seq', column: 'id' };
const UNIQUE = 'uq_event_deliveries_endpoint_event';
const ENDPOINT_FK = (table: string) =>
  `ALTER TABLE "${table}" ADD CONSTRAINT "fk_event_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "event_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`;
const FAN_OUT = {
  name: 'integrator_events_fan_out',
  create: (table: string) =>
    `CREATE TRIGGER integrator_events_fan_out AFTER INSERT ON "${table}"
      REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION integrator_events_fan_out()`,
};

const EVENT_INDEXES = [{ name: 'ix_integrator_events_created', definition: (t: string) => `CREATE INDEX "ix_integrator_events_created" ON "${t}" ("created_at")` }];
const DELIVERY_INDEXES = [
  { name: 'ix_event_deliveries_event', definition: (t: string) => `CREATE INDEX "ix_event_deliveries_event" ON "${t}" ("event_id")` },
  {
    name: 'ix_event_deliveries_endpoint_created',
    definition: (t: string) => `CREATE INDEX "ix_event_deliveries_endpoint_created" ON "${t}" ("endpoint_id", "created_at")`,
  },
  {
    name: 'ix_event_deliveries_order',
    definition: (t: string) =>
      `CREATE INDEX "ix_event_deliveries_order" ON "${t}" ("endpoint_id", "ordering_key", "seq") WHERE state IN ('pending', 'delivering')`,
  },
  {
    name: 'ix_event_deliveries_due',
    definition: (t: string) => `CREATE INDEX "ix_event_deliveries_due" ON "${t}" ("endpoint_id", "next_attempt_at") WHERE state IN ('pending', 'delivering')`,
  },
];
const ATTEMPT_INDEXES = [
  {
    name: 'ix_event_delivery_attempts_delivery',
    definition: (t: string) => `CREATE INDEX "ix_event_delivery_attempts_delivery" ON "${t}" ("delivery_id", "id")`,
  },
];

function specs(boundary: Date): FirstPartitionSpec[] {
  return [
    {
      parent: EVENTS,
      column: 'created_at',
      createTable: (table) =>
        `CREATE TABLE "${table}" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "seq" bigint NOT NULL DEFAULT nextval('${EVENTS_SEQUENCE.name}'),
           "type" text NOT NULL, "ordering_key" text NOT NULL, "snapshot" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
           CONSTRAINT "${EVENTS_PK}" PRIMARY KEY ("id", "created_at")) PARTITION BY RANGE ("created_at")`,
      oldPrimaryKey: EVENTS_OLD_PK,
      primaryKey: { name: EVENTS_PK, columns: ['id', 'created_at'] },
      uniques: [],
      retiredIndexes: [],
      indexes: EVENT_INDEXES,
      sequence: EVENTS_SEQUENCE,
      // Created on the partitioned table in the swap: no event goes without its deliveries.
      triggers: [FAN_OUT],
      boundary,
    },
    {
      parent: DELIVERIES,
      column: 'event_at',
      createTable: (table) =>
        `CREATE TABLE "${table}" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "endpoint_id" uuid NOT NULL, "event_id" uuid NOT NULL, "ordering_key" text NOT NULL,
           "seq" bigint NOT NULL, "state" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0',
           "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lease_until" TIMESTAMP WITH TIME ZONE, "last_status" integer, "last_error" text,
           "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
           "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
           CONSTRAINT "ck_event_deliveries_state" CHECK (state IN ('pending', 'delivering', 'delivered', 'failed')),
           CONSTRAINT "${DELIVERIES_PK}" PRIMARY KEY ("id", "event_at"),
           -- Before the old table is attached: its own key to the endpoints is adopted, not validated again.
           CONSTRAINT "fk_event_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "event_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION)
         PARTITION BY RANGE ("event_at")`,
      oldPrimaryKey: DELIVERIES_OLD_PK,
      primaryKey: { name: DELIVERIES_PK, columns: ['id', 'event_at'] },
      uniques: [{ name: UNIQUE, columns: ['endpoint_id', 'event_id', 'event_at'] }],
      // On (endpoint_id, event_id): a partitioned table's unique index must hold event_at.
      retiredIndexes: [UNIQUE],
      indexes: DELIVERY_INDEXES,
      notNull: [{ column: 'event_at', fill: FILL_DELIVERIES('event_at IS NULL') }],
      boundary,
    },
    {
      parent: ATTEMPTS,
      column: 'event_at',
      createTable: (table) =>
        `CREATE TABLE "${table}" ("id" bigint NOT NULL DEFAULT nextval('${ATTEMPTS_SEQUENCE.name}'), "delivery_id" uuid NOT NULL, "status_code" integer,
           "latency_ms" integer NOT NULL, "body_excerpt" text, "error" text, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
           "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
           CONSTRAINT "${ATTEMPTS_PK}" PRIMARY KEY ("id", "event_at")) PARTITION BY RANGE ("event_at")`,
      oldPrimaryKey: ATTEMPTS_OLD_PK,
      primaryKey: { name: ATTEMPTS_PK, columns: ['id', 'event_at'] },
      uniques: [],
      retiredIndexes: [],
      indexes: ATTEMPT_INDEXES,
      sequence: ATTEMPTS_SEQUENCE,
      notNull: [{ column: 'event_at', fill: FILL_ATTEMPTS('event_at IS NULL') }],
      boundary,
    },
  ];
}

export class PartitionIntegratorEvents1796350000000 implements MigrationInterface {
  name = 'PartitionIntegratorEvents1796350000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    if ((await kindOf(q, ATTEMPTS)) !== 'p') {
      await inShortLock(q, async () => {
        await q.query(`ALTER TABLE "${DELIVERIES}" ADD COLUMN IF NOT EXISTS "event_at" TIMESTAMP WITH TIME ZONE`);
        await q.query(`ALTER TABLE "${ATTEMPTS}" ADD COLUMN IF NOT EXISTS "event_at" TIMESTAMP WITH TIME ZONE`);
        await q.query(sqlFile('1796350000000-partition-integrator-events.up.sql'));
      });
      if ((await kindOf(q, DELIVERIES)) !== 'p') await fillDeliveries(q);
      await fillAttempts(q);
      await inShortLock(q, async () => {
        await q.query(`ALTER TABLE "${ATTEMPTS}" DROP CONSTRAINT IF EXISTS "fk_event_delivery_attempts_delivery"`);
        await q.query(`ALTER TABLE "${DELIVERIES}" DROP CONSTRAINT IF EXISTS "fk_event_deliveries_event"`);
      });
    }
    // One first day for the three: a day of events and its deliveries and attempts are dropped together.
    const boundary = (await chosenBoundary(q)) ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 2 * DAY_MS);
    for (const spec of specs(boundary)) await convertToPartitioned(q, spec);
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to plain tables as IntegratorEvents1796190957517 made them (not online: a downgrade is a maintenance window).
    await convertToPlain(
      q,
      EVENTS,
      [`ALTER TABLE "${EVENTS}" ADD CONSTRAINT "${EVENTS_OLD_PK}" PRIMARY KEY ("id")`, ...EVENT_INDEXES.map((i) => i.definition(EVENTS)), FAN_OUT.create(EVENTS)],
      EVENTS_SEQUENCE,
    );
    await convertToPlain(q, DELIVERIES, [
      // The fan-out as it was, in the transaction that takes its column away.
      sqlFile('1796350000000-partition-integrator-events.down.sql'),
      `ALTER TABLE "${DELIVERIES}" DROP COLUMN "event_at"`,
      `ALTER TABLE "${DELIVERIES}" ADD CONSTRAINT "${DELIVERIES_OLD_PK}" PRIMARY KEY ("id")`,
      ...DELIVERY_INDEXES.map((i) => i.definition(DELIVERIES)),
      `CREATE UNIQUE INDEX "${UNIQUE}" ON "${DELIVERIES}" ("endpoint_id", "event_id")`,
      ENDPOINT_FK(DELIVERIES),
      // What the key's cascade would have deleted: none, as a day goes with its events; checked all the same.
      `DELETE FROM "${DELIVERIES}" d WHERE NOT EXISTS (SELECT 1 FROM "${EVENTS}" ev WHERE ev.id = d.event_id)`,
      `ALTER TABLE "${DELIVERIES}" ADD CONSTRAINT "fk_event_deliveries_event" FOREIGN KEY ("event_id") REFERENCES "${EVENTS}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ]);
    await convertToPlain(
      q,
      ATTEMPTS,
      [
        `ALTER TABLE "${ATTEMPTS}" DROP COLUMN "event_at"`,
        `ALTER TABLE "${ATTEMPTS}" ADD CONSTRAINT "${ATTEMPTS_OLD_PK}" PRIMARY KEY ("id")`,
        ...ATTEMPT_INDEXES.map((i) => i.definition(ATTEMPTS)),
        // The attempts of deliveries gone with their endpoint, which no key took with them.
        `DELETE FROM "${ATTEMPTS}" a WHERE NOT EXISTS (SELECT 1 FROM "${DELIVERIES}" d WHERE d.id = a.delivery_id)`,
        `ALTER TABLE "${ATTEMPTS}" ADD CONSTRAINT "fk_event_delivery_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "${DELIVERIES}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      ],
      ATTEMPTS_SEQUENCE,
    );
  }
}

/** The first partition's bound a run that died already chose for one of the three tables (its check, or the first partition itself). */
async function chosenBoundary(q: QueryRunner): Promise<Date | null> {
  const rows: { bound: string }[] = await q.query(
    `SELECT pg_get_constraintdef(oid) AS bound FROM pg_constraint
      WHERE conname IN ('ck_${EVENTS}_before', 'ck_${DELIVERIES}_before', 'ck_${ATTEMPTS}_before') ORDER BY conname LIMIT 1`,
  );
  return rows[0] ? new Date(/'([^']+)'/.exec(rows[0].bound)![1]!) : null;
}

/**
 * Gives deliveries matching `where` (on `d`) their event's day. An event deleted meanwhile (a
 * previous version's purge still running) leaves its delivery the day it was made.
 */
const FILL_DELIVERIES = (where: string) =>
  `UPDATE "${DELIVERIES}" d SET event_at = COALESCE((SELECT ev.created_at FROM "${EVENTS}" ev WHERE ev.id = d.event_id), d.created_at) WHERE ${where}`;

/** Gives attempts matching `where` (on `a`) their delivery's day; one whose delivery is gone (its endpoint deleted, the keys dropped) keeps the day it was made. */
const FILL_ATTEMPTS = (where: string) =>
  `UPDATE "${ATTEMPTS}" a SET event_at = COALESCE((SELECT d.event_at FROM "${DELIVERIES}" d WHERE d.id = a.delivery_id), a.at) WHERE ${where}`;

/**
 * Each delivery gets its event's day, a batch of ids per transaction. New deliveries come with it;
 * the few a previous version's process writes without it meanwhile are given it before the check.
 */
async function fillDeliveries(q: QueryRunner): Promise<void> {
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const rows: { last: string | null }[] = await q.query(
      `WITH batch AS (SELECT id FROM "${DELIVERIES}" WHERE id > $1 ORDER BY id LIMIT ${BATCH}),
            filled AS (${FILL_DELIVERIES('d.id IN (SELECT id FROM batch) AND d.event_at IS NULL')} RETURNING 1)
       SELECT (SELECT max(id::text) FROM batch) AS last, (SELECT count(*) FROM filled) AS n`,
      [after],
    );
    if (!rows[0]?.last) return;
    after = rows[0].last;
  }
}

/** Each attempt gets its delivery's day, by ranges of ids (new attempts come with it; see fillDeliveries). */
async function fillAttempts(q: QueryRunner): Promise<void> {
  const [{ top }]: { top: string | null }[] = await q.query(`SELECT max(id)::text AS top FROM "${ATTEMPTS}"`);
  if (top === null) return;
  const [{ bottom }]: { bottom: string }[] = await q.query(`SELECT min(id)::text AS bottom FROM "${ATTEMPTS}"`);
  for (let from = BigInt(bottom); from <= BigInt(top); from += BigInt(BATCH)) {
    await q.query(FILL_ATTEMPTS(`a.id >= $1 AND a.id < $2 AND a.event_at IS NULL`), [from.toString(), (from + BigInt(BATCH)).toString()]);
  }
}
