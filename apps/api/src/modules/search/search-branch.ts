import { olderThan, type SearchPosition, type SearchSource } from '@sendbook/queue';
import { queryRows, type Queryable, type Transactional } from '../../database/query-rows.js';

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
 * How many matches are read through the GIN index and sorted before a term counts as common. Up
 * to it, that is the cheaper way (a few thousand rows at most); beyond it, at least one row in a
 * hundred or so matches, and walking the time index newest first fills a page within a few
 * thousand rows.
 */
export const COMMON_AFTER = 5000;

const US = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint`;

/** Only the GIN index (bitmap scans): no plan tests rows one by one in a walk of the table. */
const GIN_ONLY = { enable_seqscan: 'off', enable_indexscan: 'off', enable_indexonlyscan: 'off', max_parallel_workers_per_gather: '0' };
/** Only plain index scans: the walk down the time index, and index probes for `keep`. */
const WALK_ONLY = { enable_seqscan: 'off', enable_bitmapscan: 'off', max_parallel_workers_per_gather: '0' };

/**
 * A branch's newest `take` matches older than the cursor. A GIN index cannot be read in time
 * order, so there are two ways: read every match through it and sort them, or walk the time index
 * testing each row until a page is full. PostgreSQL picks between them by its guess of how many
 * rows match, and for full text and trigrams that guess is often far off; walking for a term it
 * wrongly thinks common reads the whole table (seconds at a million rows). So the choice is made
 * here, on the count itself: the GIN index is asked for up to COMMON_AFTER matches (every other
 * plan switched off for that one statement); fewer is all of them, sorted, and the answer; as many
 * means the term is common, and the walk finds a page soon. Parallel workers cost more than they
 * save on reads this small, and are switched off.
 */
export async function newestMatches(db: Transactional, b: Branch, after: SearchPosition | null, take: number): Promise<BranchKey[]> {
  const params = [...b.params];
  const older = olderSql(b.source, b.time, b.id, after, params);
  const inner = `SELECT ${b.id} AS id, ${b.time} AS at${b.extra ? `, ${b.extra}` : ''} FROM ${b.from} WHERE (${b.match}) ${older}`;
  const takeParam = `$${params.push(take)}`;
  const walkParams = [...params];
  const capParam = `$${params.push(COMMON_AFTER)}`;
  const few = await withSettings(db, GIN_ONLY, (tx) =>
    queryRows<Key & { found: string }>(
      tx,
      // Sorted before `keep`, so its check runs on the newest rows until a page is full, not on all.
      `WITH capped AS MATERIALIZED (${inner} LIMIT ${capParam})
       SELECT f.found, hit.id, hit.sort_us FROM (SELECT count(*) AS found FROM capped) f
       LEFT JOIN LATERAL (SELECT hit.id, ${US('hit.at')} AS sort_us FROM (SELECT * FROM capped ORDER BY at DESC, id DESC) hit
                          ${b.keep ? `WHERE ${b.keep}` : ''} LIMIT ${takeParam}) hit ON true`,
      params,
    ),
  );
  if (Number(few[0]?.found ?? 0) < COMMON_AFTER) return keys(few);
  return keys(
    await withSettings(db, WALK_ONLY, (tx) =>
      queryRows<Key>(
        tx,
        `SELECT hit.id, ${US('hit.at')} AS sort_us FROM (${inner}) hit ${b.keep ? `WHERE ${b.keep}` : ''} ORDER BY hit.at DESC, hit.id DESC LIMIT ${takeParam}`,
        walkParams,
      ),
    ),
  );
}

type Key = { id: string | null; sort_us: string | null };

function keys(rows: readonly Key[]): BranchKey[] {
  return rows.flatMap((r) => (r.id !== null && r.sort_us !== null ? [{ id: r.id, atUs: BigInt(r.sort_us) }] : []));
}

/** Runs `work` in a transaction with these planner settings for its statements only (SET LOCAL). */
async function withSettings<T>(db: Transactional, settings: Record<string, string>, work: (tx: Queryable) => Promise<T>): Promise<T> {
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
