import { dayPartition, parseRangeBound, planPartitions, type DayPartition, type RangePartition } from '@sendbook/queue';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../query-rows.js';

/** A table partitioned by day of a timestamp column, and what in it retention must keep. */
export interface TimePartitionedTable {
  /** The partitioned (parent) table. */
  readonly parent: string;
  /** Its partition key, a timestamptz. */
  readonly column: string;
  /**
   * A condition on a row (aliased `w`) that keeps its partition from being dropped, with a count
   * of such rows per name (`count(*) FILTER (WHERE …)`): null when every row may go with its day.
   */
  readonly mustStay: { readonly condition: string; readonly counts: string } | null;
}

/** Partitions exist this many days ahead: maintenance may stop for that long before a row lands in a default partition. */
export const PARTITIONS_AHEAD_DAYS = 3;

/** What one maintenance round of a table did. */
export interface RetentionRound {
  created: string[];
  dropped: string[];
  /** Expired partitions kept for rows that must stay, with what keeps each. */
  waiting: { partition: string; keeping: Record<string, number> }[];
  /** Days the default partition still holds rows of after the round (a partition could not be made). */
  stray: string[];
}

/**
 * Creating and dropping a partition lock the parent table; an insert behind such a lock waits. A
 * lock not granted this quickly (a long read holds the table) is tried again next round instead of
 * queuing every insert behind it.
 */
const LOCK_TIMEOUT = `'500ms'`;

/**
 * The daily partitions of one table: read from the catalog, created ahead (moving what the default
 * partition caught for that day), dropped whole when expired. Its owner module makes one per table.
 */
export class TimePartitions {
  private readonly defaultPartition: string;
  /** One maintainer of this table at a time across the workers; the others skip the round. */
  private readonly lock: string;

  constructor(
    private readonly dataSource: DataSource,
    readonly table: TimePartitionedTable,
  ) {
    this.defaultPartition = `${table.parent}_default`;
    this.lock = `hashtext('sendbook:partitions:${table.parent}')`;
  }

  /** Its partitions; null while the table is not partitioned (an installation not yet converted). */
  async partitions(): Promise<RangePartition[] | null> {
    const rows = await queryRows<{ kind: string; name: string | null; bound: string | null }>(
      this.dataSource,
      `SELECT p.relkind AS kind, c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
         FROM pg_class p LEFT JOIN pg_inherits i ON i.inhparent = p.oid LEFT JOIN pg_class c ON c.oid = i.inhrelid
        WHERE p.oid = to_regclass($1)`,
      [`public.${this.table.parent}`],
    );
    if (rows[0]?.kind !== 'p') return null;
    return rows.flatMap((r) => (r.name && r.bound ? [parseRangeBound(r.name, r.bound)].filter((p): p is RangePartition => p !== null) : []));
  }

  /**
   * One round: the days through PARTITIONS_AHEAD_DAYS from now made, whatever the default partition caught
   * moved into a partition of its day, and partitions wholly past `retentionDays` dropped unless a
   * row must stay. Null while the table is not partitioned.
   */
  async maintain(now: Date, retentionDays: number): Promise<RetentionRound | null> {
    const made = await this.makeDays(now, retentionDays);
    if (!made) return null;
    const round: RetentionRound = { created: made.created, stray: made.stray, dropped: [], waiting: [] };
    for (const partition of made.expired) {
      const blockers = await this.blockers(partition);
      if (Object.values(blockers).some((n) => n > 0)) round.waiting.push({ partition: partition.name, keeping: blockers });
      else if (await this.drop(partition)) round.dropped.push(partition.name);
    }
    return round;
  }

  /**
   * The first half of a round: the days ahead made, whatever the default partition caught moved
   * into a partition of its day; with the days the default partition still holds (`stray`), the
   * partitions it has now (`partitions`) and those wholly past `retentionDays` (`expired`). Null
   * while the table is not partitioned.
   */
  async makeDays(
    now: Date,
    retentionDays: number,
  ): Promise<{ created: string[]; stray: string[]; partitions: RangePartition[]; expired: RangePartition[] } | null> {
    const before = await this.partitions();
    if (!before) return null;
    const name = this.table.parent;
    const created: string[] = [];
    for (const day of planPartitions(name, before, now, PARTITIONS_AHEAD_DAYS, retentionDays).create) if (await this.createDay(day)) created.push(day.name);
    for (const at of await this.strayDays()) {
      const day = dayPartition(name, at);
      if (await this.createDay(day)) created.push(day.name);
    }
    const stray = (await this.strayDays()).map((d) => d.toISOString().slice(0, 10));
    // Read again: the days just made for stray rows may be expired already.
    const after = (await this.partitions()) ?? before;
    return { created, stray, partitions: after, expired: planPartitions(name, after, now, 0, retentionDays).expired };
  }

  /** The UTC days of the rows the default partition holds (no partition existed for them when they came). */
  async strayDays(): Promise<Date[]> {
    const rows = await queryRows<{ day: Date }>(
      this.dataSource,
      `SELECT DISTINCT date_trunc('day', "${this.table.column}" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day FROM "${this.defaultPartition}" ORDER BY 1`,
    );
    return rows.map((r) => new Date(r.day));
  }

  /**
   * Creates a day's partition beside the table, moves into it what the default partition caught
   * for that day, and attaches it (which takes a lighter lock on the parent than CREATE … PARTITION OF).
   * False when another worker holds the maintenance or the day exists already.
   */
  async createDay(day: DayPartition): Promise<boolean> {
    const { parent, column } = this.table;
    return this.maintaining(async (tx) => {
      if (await exists(tx, day.name)) return false;
      const range = [day.from.toISOString(), day.to.toISOString()];
      await tx.query(`CREATE TABLE "${day.name}" (LIKE "${parent}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING COMPRESSION)`);
      await tx.query(
        `WITH moved AS (DELETE FROM "${this.defaultPartition}" WHERE "${column}" >= $1 AND "${column}" < $2 RETURNING *) INSERT INTO "${day.name}" SELECT * FROM moved`,
        range,
      );
      await tx.query(`ALTER TABLE "${parent}" ATTACH PARTITION "${day.name}" FOR VALUES FROM ('${range[0]}') TO ('${range[1]}')`);
      return true;
    });
  }

  /** How many rows of each kind in the partition must not be dropped (an empty object when none may stay). */
  async blockers(partition: RangePartition): Promise<Record<string, number>> {
    const mustStay = this.table.mustStay;
    if (!mustStay) return {};
    const [row] = await queryRows<Record<string, number>>(this.dataSource, `SELECT ${mustStay.counts} FROM "${partition.name}" w WHERE ${mustStay.condition}`);
    return row ?? {};
  }

  /**
   * Detaches and drops a partition whose every row is past the retention, unless (checked again
   * under the lock) one of them must stay. `along`: partitions of other tables that go in the same
   * transaction, first and in that order (the rows that point to this one's), all or none. False
   * when it could not be done this round.
   */
  async drop(partition: RangePartition, along: readonly { readonly table: TimePartitions; readonly partition: RangePartition }[] = []): Promise<boolean> {
    const all = [...along, { table: this as TimePartitions, partition }];
    return this.maintaining(
      async (tx) => {
        for (const p of all) if (!(await exists(tx, p.partition.name))) return false;
        for (const p of all) {
          await tx.query(`ALTER TABLE "${p.table.table.parent}" DETACH PARTITION "${p.partition.name}"`);
          if (await p.table.holdsBlockers(tx, p.partition.name)) throw new KeptRow();
        }
        for (const p of all) await tx.query(`DROP TABLE "${p.partition.name}"`);
        return true;
      },
      along.map((p) => p.table),
    ).catch((error: unknown) => {
      if (error instanceof KeptRow) return false;
      throw error;
    });
  }

  private async holdsBlockers(tx: EntityManager, name: string): Promise<boolean> {
    const mustStay = this.table.mustStay;
    if (!mustStay) return false;
    const [row] = await queryRows<{ ok: boolean }>(tx, `SELECT EXISTS (SELECT 1 FROM "${name}" w WHERE ${mustStay.condition}) AS ok`);
    return row?.ok ?? true;
  }

  /**
   * Runs `work` in a transaction holding the maintenance lock (and those of `others`), with a short
   * lock timeout; false when a lock or a table lock is not to be had now.
   */
  private async maintaining(work: (tx: EntityManager) => Promise<boolean>, others: readonly TimePartitions[] = []): Promise<boolean> {
    try {
      return await this.dataSource.transaction(async (tx) => {
        for (const lock of [...others, this].map((t) => t.lock)) {
          const [held] = await queryRows<{ ok: boolean }>(tx, `SELECT pg_try_advisory_xact_lock(${lock}) AS ok`);
          if (!held?.ok) return false;
        }
        await tx.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT}`);
        return work(tx);
      });
    } catch (error) {
      if (isLockTimeout(error)) return false;
      throw error;
    }
  }
}

/** An alert's title and details for the days left in default partitions (no partition could be made), or null when none are. */
export function strayDaysAlert(
  rounds: Record<string, Pick<RetentionRound, 'stray'> | null>,
): { title: string; details: { days: { table: string; day: string }[] } } | null {
  const days = Object.entries(rounds).flatMap(([table, round]) => (round?.stray ?? []).map((day) => ({ table, day })));
  if (days.length === 0) return null;
  return {
    title: `Rows of ${days.map((s) => `${s.day} (${s.table})`).join(', ')} are in a default partition: no partition could be made for them`,
    details: { days },
  };
}

/** A partition found to hold a row that must stay, after all: the drop is rolled back. */
class KeptRow extends Error {}

async function exists(tx: EntityManager, name: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(tx, `SELECT to_regclass($1) IS NOT NULL AS ok`, [`public.${name}`]);
  return row?.ok ?? false;
}

function isLockTimeout(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return (e.driverError?.code ?? e.code) === '55P03';
}
