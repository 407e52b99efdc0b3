import type { QueryRunner } from 'typeorm';
import { PARTITIONS_AHEAD_DAYS } from './time-partitions.js';

// Turns a large append-only table into a table partitioned by day without copying a row: the
// existing table becomes the first partition, for every row before the day after tomorrow.
//   1. the unique indexes the partitioned table needs (each holds the partition column) are built
//      on it concurrently, beside the ones it has;
//   2. a CHECK that every row is before that boundary is added NOT VALID and validated (which
//      reads the table without blocking writes), so attaching it needs no scan under lock (and
//      likewise `IS NOT NULL` for a column added and filled just before, see `notNull`);
//   3. one short transaction renames it and its indexes, drops what a partition may not have
//      (its old primary key), creates the partitioned table with its indexes, attaches it (its
//      indexes match the parent's and are adopted, none built), then the days from the boundary
//      on and a default partition.
// An empty table (a new installation) is simply replaced. Used by migrations that run with
// `transaction = false` (CREATE INDEX CONCURRENTLY cannot run in one); each step checks where a run
// that died stopped. Retention drops the first partition whole once its boundary is past.

const DAY_MS = 86_400_000;

export interface FirstPartitionSpec {
  readonly parent: string;
  /** The partition key, a timestamptz. */
  readonly column: string;
  /** CREATE TABLE for the partitioned table named `table`: columns, checks and primary key (which holds `column`), `PARTITION BY RANGE`. */
  readonly createTable: (table: string) => string;
  /** The old table's primary key, which a partition of the new one may not keep. */
  readonly oldPrimaryKey: string;
  /** The new primary key's name and columns: built on the old table beforehand, adopted by the parent's. */
  readonly primaryKey: { readonly name: string; readonly columns: readonly string[] };
  /** Other unique indexes of the parent (each holds `column`): built on the old table beforehand too. */
  readonly uniques: readonly { readonly name: string; readonly columns: readonly string[] }[];
  /** Indexes of the old table the parent has no use for (or has under the same name, redefined): kept on it, as `<name>_old`. */
  readonly retiredIndexes: readonly string[];
  /** The old table's other indexes, the parent's as they are: renamed on it, created on the parent, adopted. */
  readonly indexes: readonly { readonly name: string; readonly definition: (table: string) => string }[];
  /** The old table's identity sequence (a `BIGSERIAL`), which the new table's `DEFAULT nextval` goes on with and comes to own. */
  readonly sequence?: { readonly name: string; readonly column: string };
  /**
   * Columns the old table has nullable (added and filled just before) and the partitioned table has
   * NOT NULL: a `CHECK (… IS NOT NULL)` is added NOT VALID (refusing new rows without it), `fill`
   * (an UPDATE) gives it to the rows written without it meanwhile, and the check is validated like
   * the boundary, so the swap sets NOT NULL on the old table without a scan.
   */
  readonly notNull?: readonly { readonly column: string; readonly fill: string }[];
  /** Statement triggers of the table: dropped from the old one and created on the partitioned one in the swap (no insert between goes without them). */
  readonly triggers?: readonly { readonly name: string; readonly create: (table: string) => string }[];
  /** The first partition's upper bound when none was chosen yet (several tables converted together share it); else the day after tomorrow. */
  readonly boundary?: Date;
}

export async function convertToPartitioned(q: QueryRunner, spec: FirstPartitionSpec): Promise<void> {
  const { parent } = spec;
  const legacy = `${parent}_legacy`;
  const before = `ck_${parent}_before`;
  if ((await kindOf(q, parent)) === 'p') return;
  const [{ any }]: { any: boolean }[] = await q.query(`SELECT EXISTS (SELECT 1 FROM "${parent}") AS any`);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  if (!any) {
    await inShortLock(q, async () => {
      if (spec.sequence) await q.query(`ALTER SEQUENCE "${spec.sequence.name}" OWNED BY NONE`);
      await q.query(`DROP TABLE "${parent}"`);
      await createPartitioned(q, spec, today, null);
    });
    return;
  }
  const building = [{ ...spec.primaryKey, name: `${spec.primaryKey.name}_building` }, ...spec.uniques.map((u) => ({ ...u, name: `${u.name}_building` }))];
  for (const index of building) await uniqueIndexConcurrently(q, parent, index);
  const existing: { bound: string }[] = await q.query(
    `SELECT pg_get_constraintdef(oid) AS bound FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2`,
    [parent, before],
  );
  // A run that died after adding the check keeps its boundary: the rows were validated against it.
  const at = existing[0] ? new Date(/'([^']+)'/.exec(existing[0].bound)![1]!) : (spec.boundary ?? new Date(today + 2 * DAY_MS));
  if (!existing[0])
    await inShortLock(q, () => q.query(`ALTER TABLE "${parent}" ADD CONSTRAINT "${before}" CHECK ("${spec.column}" < '${at.toISOString()}') NOT VALID`));
  await q.query(`ALTER TABLE "${parent}" VALIDATE CONSTRAINT "${before}"`);
  for (const { column, fill } of spec.notNull ?? []) {
    const filled = `ck_${parent}_${column}_filled`;
    const [{ has }]: { has: boolean }[] = await q.query(`SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2) AS has`, [
      parent,
      filled,
    ]);
    if (!has) await inShortLock(q, () => q.query(`ALTER TABLE "${parent}" ADD CONSTRAINT "${filled}" CHECK ("${column}" IS NOT NULL) NOT VALID`));
    await q.query(fill);
    await q.query(`ALTER TABLE "${parent}" VALIDATE CONSTRAINT "${filled}"`);
  }
  await inShortLock(q, async () => {
    await q.query(`LOCK TABLE "${parent}" IN ACCESS EXCLUSIVE MODE`);
    await q.query(`ALTER TABLE "${parent}" RENAME TO "${legacy}"`);
    // The validated check proves no row is null: SET NOT NULL reads nothing.
    for (const { column } of spec.notNull ?? []) {
      await q.query(`ALTER TABLE "${legacy}" ALTER COLUMN "${column}" SET NOT NULL`);
      await q.query(`ALTER TABLE "${legacy}" DROP CONSTRAINT "ck_${parent}_${column}_filled"`);
    }
    for (const trigger of spec.triggers ?? []) await q.query(`DROP TRIGGER IF EXISTS "${trigger.name}" ON "${legacy}"`);
    await q.query(`ALTER TABLE "${legacy}" DROP CONSTRAINT "${spec.oldPrimaryKey}"`);
    await q.query(`ALTER TABLE "${legacy}" ADD CONSTRAINT "${spec.primaryKey.name}_legacy" PRIMARY KEY USING INDEX "${spec.primaryKey.name}_building"`);
    for (const name of spec.retiredIndexes) await q.query(`ALTER INDEX "${name}" RENAME TO "${name}_old"`);
    for (const u of spec.uniques) await q.query(`ALTER INDEX "${u.name}_building" RENAME TO "${u.name}_legacy"`);
    for (const index of spec.indexes) await q.query(`ALTER INDEX "${index.name}" RENAME TO "${index.name}_legacy"`);
    await createPartitioned(q, spec, at.getTime(), at);
  });
}

/**
 * The way back (not online: a downgrade is a maintenance window): one plain table with every row,
 * its sequence kept, then `statements` (its old primary key and indexes) on it.
 */
export async function convertToPlain(
  q: QueryRunner,
  parent: string,
  statements: readonly string[],
  sequence?: { readonly name: string; readonly column: string },
): Promise<void> {
  const plain = `${parent}_plain`;
  await q.startTransaction();
  await q.query(`LOCK TABLE "${parent}" IN ACCESS EXCLUSIVE MODE`);
  await q.query(`CREATE TABLE "${plain}" (LIKE "${parent}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await q.query(`INSERT INTO "${plain}" SELECT * FROM "${parent}"`);
  if (sequence) await q.query(`ALTER SEQUENCE "${sequence.name}" OWNED BY NONE`);
  await q.query(`DROP TABLE "${parent}"`);
  await q.query(`ALTER TABLE "${plain}" RENAME TO "${parent}"`);
  if (sequence) await q.query(`ALTER SEQUENCE "${sequence.name}" OWNED BY "${parent}"."${sequence.column}"`);
  for (const statement of statements) await q.query(statement);
  await q.commitTransaction();
}

/**
 * The partitioned table with its indexes: days from `firstDay` through PARTITIONS_AHEAD_DAYS later (the periodic maintenance keeps it so), a default
 * partition, and the old table attached for everything before `legacyBefore` (null: there is none).
 */
async function createPartitioned(q: QueryRunner, spec: FirstPartitionSpec, firstDay: number, legacyBefore: Date | null): Promise<void> {
  const { parent } = spec;
  await q.query(spec.createTable(parent));
  // Owned by the new table: dropping the old one (retention, one day) must not take the ids with it.
  if (spec.sequence) await q.query(`ALTER SEQUENCE "${spec.sequence.name}" OWNED BY "${parent}"."${spec.sequence.column}"`);
  for (const u of spec.uniques) await q.query(`CREATE UNIQUE INDEX "${u.name}" ON "${parent}" (${u.columns.map((c) => `"${c}"`).join(', ')})`);
  for (const index of spec.indexes) await q.query(index.definition(parent));
  if (legacyBefore)
    await q.query(`ALTER TABLE "${parent}" ATTACH PARTITION "${parent}_legacy" FOR VALUES FROM (MINVALUE) TO ('${legacyBefore.toISOString()}')`);
  for (let day = firstDay; day <= firstDay + PARTITIONS_AHEAD_DAYS * DAY_MS; day += DAY_MS) {
    const from = new Date(day).toISOString();
    const name = `${parent}_p${from.slice(0, 10).replaceAll('-', '')}`;
    await q.query(`CREATE TABLE "${name}" PARTITION OF "${parent}" FOR VALUES FROM ('${from}') TO ('${new Date(day + DAY_MS).toISOString()}')`);
  }
  await q.query(`CREATE TABLE "${parent}_default" PARTITION OF "${parent}" DEFAULT`);
  for (const trigger of spec.triggers ?? []) await q.query(trigger.create(parent));
}

/** A unique index built without blocking writes; an invalid one a dead run left is built again. */
async function uniqueIndexConcurrently(q: QueryRunner, table: string, index: { name: string; columns: readonly string[] }): Promise<void> {
  const rows: { valid: boolean }[] = await q.query(`SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)`, [
    `public.${index.name}`,
  ]);
  if (rows[0]?.valid) return;
  if (rows[0]) await q.query(`DROP INDEX CONCURRENTLY "${index.name}"`);
  await q.query(`CREATE UNIQUE INDEX CONCURRENTLY "${index.name}" ON "${table}" (${index.columns.map((c) => `"${c}"`).join(', ')})`);
}

export async function kindOf(q: QueryRunner, table: string): Promise<string | null> {
  const rows: { kind: string }[] = await q.query(`SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass($1)`, [`public.${table}`]);
  return rows[0]?.kind ?? null;
}

/** `work` in a transaction that gives up on a busy table after 200 ms and tries again, rather than queueing every write behind it. */
export async function inShortLock(q: QueryRunner, work: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await q.startTransaction();
    try {
      await q.query(`SET LOCAL lock_timeout = '200ms'`);
      await work();
      await q.commitTransaction();
      return;
    } catch (error) {
      await q.rollbackTransaction();
      if (!isLockTimeout(error) || attempt >= 300) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function isLockTimeout(error: unknown): boolean {
  const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === '55P03';
}
