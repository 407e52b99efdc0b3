import type { MigrationInterface, QueryRunner } from 'typeorm';
import { inShortLock, kindOf } from '../partitions/first-partition.js';

// Written by hand: TypeORM does not model partitioning.
//
// webhook_deliveries becomes a table partitioned by day of received_at, so retention drops a
// day's bodies as one partition instead of deleting rows (issue: gigabytes a day, never purged).
// Online, for an installation with millions of bodies while other processes keep acknowledging:
//   1. the partitioned twin is built beside it, empty, with a partition for every day the old
//      table holds, the next days, and a default partition (an insert never finds none);
//   2. one short transaction swaps the names and moves the bodies still to be processed or set
//      aside as poison (few) — acks wait for that transaction only, a few milliseconds;
//   3. the processed bodies (history) move in batches, each its own transaction;
//   4. the emptied old table is dropped, under a lock that takes the rows a process still using
//      the old table's plans might have written meanwhile.
// Not in a transaction of its own (`transaction = false`): each step commits as it goes, and a
// process that dies mid-way leaves a state the next run finishes (every step checks where it is).

const PARENT = 'webhook_deliveries';
const OLD = 'webhook_deliveries_unpartitioned';
const TWIN = 'webhook_deliveries_partitioned';
const PK = 'PK_fc5beb8955212574d97b34a350c';
const OLD_PK = 'PK_535dd409947fb6d8fc6dfc0112a';
const INDEXES = ['ix_webhook_deliveries_received', 'ix_webhook_deliveries_pending', 'ix_webhook_deliveries_poison'];
const BATCH = 2_000;
const PAUSE_MS = 10;
/** The row triggers of 1796200000001 (poison webhooks as integrator events): a new table needs them again. */
const TRIGGERS = (table: string) => [
  `CREATE TRIGGER integrator_events_delivery_poisoned AFTER UPDATE OF state ON "${table}" FOR EACH ROW
     WHEN (NEW.state = 'poison' AND OLD.state IS DISTINCT FROM 'poison') EXECUTE FUNCTION integrator_events_delivery_poison()`,
  `CREATE TRIGGER integrator_events_delivery_replayed AFTER UPDATE OF state ON "${table}" FOR EACH ROW
     WHEN (OLD.state = 'poison' AND NEW.state <> 'poison') EXECUTE FUNCTION integrator_events_delivery_poison()`,
];
const DAY_MS = 86_400_000;
/** Days created ahead of today; the periodic maintenance keeps it so afterwards. */
const AHEAD_DAYS = 3;
/** Older days share one partition. */
const DAILY_BACK_DAYS = 60;

export class PartitionWebhookDeliveries1796330000000 implements MigrationInterface {
  name = 'PartitionWebhookDeliveries1796330000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    if ((await kindOf(q, PARENT)) !== 'p') {
      if ((await kindOf(q, TWIN)) === null) await buildTwin(q);
      await swap(q);
    }
    if ((await kindOf(q, OLD)) !== null) {
      await moveInBatches(q);
      await dropOld(q);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to one plain table (not online: a downgrade is a maintenance window).
    await q.startTransaction();
    await q.query(`LOCK TABLE "${PARENT}" IN ACCESS EXCLUSIVE MODE`);
    await q.query(`CREATE TABLE "${OLD}" (LIKE "${PARENT}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING COMPRESSION)`);
    await q.query(`INSERT INTO "${OLD}" SELECT * FROM "${PARENT}"`);
    await q.query(`DROP TABLE "${PARENT}"`);
    await q.query(`ALTER TABLE "${OLD}" RENAME TO "${PARENT}"`);
    await q.query(`ALTER TABLE "${PARENT}" ADD CONSTRAINT "${OLD_PK}" PRIMARY KEY ("id")`);
    await q.query(`CREATE INDEX "ix_webhook_deliveries_poison" ON "${PARENT}" ("received_at") WHERE state = 'poison'`);
    await q.query(`CREATE INDEX "ix_webhook_deliveries_pending" ON "${PARENT}" ("received_at") WHERE state = 'received'`);
    await q.query(`CREATE INDEX "ix_webhook_deliveries_received" ON "${PARENT}" ("received_at")`);
    for (const trigger of TRIGGERS(PARENT)) await q.query(trigger);
    await q.commitTransaction();
  }
}

async function buildTwin(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE "${TWIN}" (LIKE "${PARENT}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING COMPRESSION) PARTITION BY RANGE ("received_at")`);
  await q.query(`ALTER TABLE "${TWIN}" ADD CONSTRAINT "${PK}_twin" PRIMARY KEY ("id", "received_at")`);
  await q.query(`CREATE INDEX "ix_webhook_deliveries_poison_twin" ON "${TWIN}" ("received_at") WHERE state = 'poison'`);
  await q.query(`CREATE INDEX "ix_webhook_deliveries_pending_twin" ON "${TWIN}" ("received_at") WHERE state = 'received'`);
  await q.query(`CREATE INDEX "ix_webhook_deliveries_received_twin" ON "${TWIN}" ("received_at")`);
  for (const trigger of TRIGGERS(TWIN)) await q.query(trigger);
  const [{ oldest }]: { oldest: Date | null }[] = await q.query(`SELECT min(received_at) AS oldest FROM "${PARENT}"`);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  let first = oldest ? Math.min(Math.floor(new Date(oldest).getTime() / DAY_MS) * DAY_MS, today) : today;
  // Years of bodies never purged go into one partition (retention drops it whole), not hundreds.
  if (first < today - DAILY_BACK_DAYS * DAY_MS) {
    first = today - DAILY_BACK_DAYS * DAY_MS;
    await q.query(`CREATE TABLE "${PARENT}_before" PARTITION OF "${TWIN}" FOR VALUES FROM (MINVALUE) TO ('${new Date(first).toISOString()}')`);
  }
  for (let day = first; day <= today + AHEAD_DAYS * DAY_MS; day += DAY_MS) {
    const from = new Date(day).toISOString();
    const name = `${PARENT}_p${from.slice(0, 10).replaceAll('-', '')}`;
    await q.query(`CREATE TABLE "${name}" PARTITION OF "${TWIN}" FOR VALUES FROM ('${from}') TO ('${new Date(day + DAY_MS).toISOString()}')`);
  }
  await q.query(`CREATE TABLE "${PARENT}_default" PARTITION OF "${TWIN}" DEFAULT`);
}

/** The names change hands and the unfinished bodies move, in one transaction; a busy table is tried again rather than queued behind. */
async function swap(q: QueryRunner): Promise<void> {
  // Waiting longer would queue every ack behind this lock; a later try finds a quiet moment.
  await inShortLock(q, async () => {
    await q.query(`LOCK TABLE "${PARENT}" IN ACCESS EXCLUSIVE MODE`);
    await q.query(`ALTER TABLE "${PARENT}" RENAME TO "${OLD}"`);
    await q.query(`ALTER TABLE "${OLD}" RENAME CONSTRAINT "${OLD_PK}" TO "${OLD_PK}_old"`);
    for (const index of INDEXES) await q.query(`ALTER INDEX "${index}" RENAME TO "${index}_old"`);
    await q.query(`ALTER TABLE "${TWIN}" RENAME TO "${PARENT}"`);
    await q.query(`ALTER TABLE "${PARENT}" RENAME CONSTRAINT "${PK}_twin" TO "${PK}"`);
    for (const index of INDEXES) await q.query(`ALTER INDEX "${index}_twin" RENAME TO "${index}"`);
    // Bodies a worker still has to process, or that staff must look at, are there at once.
    await q.query(`WITH moved AS (DELETE FROM "${OLD}" WHERE state <> 'processed' RETURNING *) INSERT INTO "${PARENT}" SELECT * FROM moved`);
  });
}

/** The processed bodies, oldest first, a batch per transaction: the new table takes acks meanwhile. */
async function moveInBatches(q: QueryRunner): Promise<void> {
  for (;;) {
    const rows: { n: number }[] = await q.query(
      `WITH batch AS (SELECT ctid FROM "${OLD}" LIMIT ${BATCH}),
            moved AS (DELETE FROM "${OLD}" o USING batch b WHERE o.ctid = b.ctid RETURNING o.*),
            copied AS (INSERT INTO "${PARENT}" SELECT * FROM moved RETURNING 1)
       SELECT count(*)::int AS n FROM copied`,
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    // A breath between batches: the acks' INSERTs and commits go first.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

async function dropOld(q: QueryRunner): Promise<void> {
  await inShortLock(q, async () => {
    await q.query(`LOCK TABLE "${OLD}" IN ACCESS EXCLUSIVE MODE`);
    await q.query(`INSERT INTO "${PARENT}" SELECT * FROM "${OLD}"`);
    await q.query(`DROP TABLE "${OLD}"`);
  });
}
