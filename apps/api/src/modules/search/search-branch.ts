import { olderThan, type SearchPosition, type SearchSource } from '@sendbook/queue';
import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

/**
 * One way a source matches (its words, say, or its ids): the rows it finds, newest first.
 * `match` and `keep` use `$n` parameters already in `params`.
 */
export interface Branch {
  readonly source: SearchSource;
  /** FROM clause of the matching rows, e.g. `inbound_messages i`. */
  readonly from: string;
  /** The indexed condition, e.g. a tsvector @@ tsquery. */
  readonly match: string;
  /** The column results are ordered by (an index leads with it), and the row's id. */
  readonly time: string;
  readonly id: string;
  /** More columns the `keep` condition reads, as `expr AS name`. */
  readonly extra?: string;
  /** A condition on the found row (alias `hit`) checked after the match, e.g. that it is in a thread. */
  readonly keep?: string;
  readonly params: unknown[];
}

export interface BranchKey {
  readonly id: string;
  readonly atUs: bigint;
}

/**
 * How long the planner's own plan may take before the GIN index is asked alone. Most searches
 * answer within a few milliseconds; the budget only cuts the one bad plan short.
 */
export const PLANNER_BUDGET_MS = 60;
/** How many matches the GIN index is asked for before a branch counts as common. */
export const COMMON_AFTER = 1000;

const US = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint`;
const QUERY_CANCELED = '57014';

/**
 * A branch's newest `take` matches older than the cursor. PostgreSQL cannot read a GIN index in
 * time order, so it picks between the GIN index (then sorting every match) and walking the time
 * index testing each row until a page is full. It picks well unless it thinks a rare term common:
 * then the walk reads the whole table (a name nobody has, a part of a wamid: seconds at a million
 * rows). So its plan runs within PLANNER_BUDGET_MS; past that the GIN index alone (every other
 * plan switched off for that statement) is asked for up to COMMON_AFTER matches: fewer is all of
 * them, sorted here; as many means the term is common after all, and the walk is let finish. No
 * parallel workers: a search is many small reads at once, and starting workers costs more than
 * they save here.
 */
export async function newestMatches(db: DataSource, b: Branch, after: SearchPosition | null, take: number): Promise<BranchKey[]> {
  const params = [...b.params];
  const older = olderSql(b.source, b.time, b.id, after, params);
  const inner = `SELECT ${b.id} AS id, ${b.time} AS at${b.extra ? `, ${b.extra}` : ''} FROM ${b.from} WHERE (${b.match}) ${older}`;
  const takeParam = `$${params.push(take)}`;
  const ordered = `SELECT hit.id, ${US('hit.at')} AS sort_us FROM (${inner}) hit ${b.keep ? `WHERE ${b.keep}` : ''} ORDER BY hit.at DESC, hit.id DESC LIMIT ${takeParam}`;

  const quick = await withSettings(db, { statement_timeout: String(PLANNER_BUDGET_MS), max_parallel_workers_per_gather: '0' }, (tx) =>
    queryRows<Key>(tx, ordered, params),
  ).catch((error: unknown) => {
    if ((error as { code?: string }).code === QUERY_CANCELED) return null;
    throw error;
  });
  if (quick) return keys(quick);

  const capParam = `$${params.push(COMMON_AFTER)}`;
  const few = await withSettings(
    db,
    { enable_seqscan: 'off', enable_indexscan: 'off', enable_indexonlyscan: 'off', max_parallel_workers_per_gather: '0' },
    // Sorted before `keep`, so its check runs on the newest rows until a page is full, not on all.
    (tx) =>
      queryRows<Key & { found: string }>(
        tx,
        `WITH capped AS MATERIALIZED (${inner} LIMIT ${capParam})
         SELECT f.found, hit.id, hit.sort_us FROM (SELECT count(*) AS found FROM capped) f
         LEFT JOIN LATERAL (SELECT hit.id, ${US('hit.at')} AS sort_us FROM (SELECT * FROM capped ORDER BY at DESC, id DESC) hit
                            ${b.keep ? `WHERE ${b.keep}` : ''} LIMIT ${takeParam}) hit ON true`,
        params,
      ),
  );
  if (Number(few[0]?.found ?? 0) < COMMON_AFTER) return keys(few);
  // Every parameter but the cap, which this statement does not name (PostgreSQL refuses unused ones).
  return keys(await queryRows<Key>(db, ordered, params.slice(0, -1)));
}

type Key = { id: string | null; sort_us: string | null };

function keys(rows: readonly Key[]): BranchKey[] {
  return rows.flatMap((r) => (r.id !== null && r.sort_us !== null ? [{ id: r.id, atUs: BigInt(r.sort_us) }] : []));
}

/** Runs `work` in a transaction with these settings for its statements only (SET LOCAL). */
async function withSettings<T>(db: DataSource, settings: Record<string, string>, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const names = Object.keys(settings);
    await tx.query(
      `SELECT ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
      names.flatMap((n) => [n, settings[n]]),
    );
    return work(tx);
  });
}

/**
 * SQL for "older than the cursor" on the column the source is ordered by: a source that ranks
 * below the cursor's may share its time, one above may not, its own breaks ties by id.
 */
function olderSql(source: SearchSource, column: string, idColumn: string, cursor: SearchPosition | null, params: unknown[]): string {
  if (!cursor) return '';
  const at = `('epoch'::timestamptz + $${params.push(cursor.atUs.toString())}::bigint * interval '1 microsecond')`;
  switch (olderThan(source, cursor)) {
    case 'at_or_before':
      return `AND ${column} <= ${at}`;
    case 'strictly_before':
      return `AND ${column} < ${at}`;
    case 'before_by_id':
      return `AND (${column}, ${idColumn}) < (${at}, $${params.push(cursor.id)}::uuid)`;
  }
}
