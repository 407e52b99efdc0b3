import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ReadDatabase } from '../../database/replica/read-database.js';

/** Figures counted as they happen, one row per figure, label and minute. */
export const COUNTERS = {
  dedupeRejected: 'outbox.dedupe_rejected',
} as const;

/** Where the retention purge folds old minutes, so all-time totals never go down. */
export const ALL_TIME_BUCKET = new Date(0);

export interface CounterRow {
  readonly metric: string;
  readonly label: string;
  readonly at: Date;
  readonly count: number;
}

export interface CounterPoint {
  readonly metric: string;
  readonly label: string;
  readonly at: number;
  readonly count: number;
}

/**
 * Counted figures. Their history (series, totals over a range) the replica may serve when a person
 * asks (the dashboard, Prometheus); the alert rules read them in the workers, on the primary.
 */
@Injectable()
export class CountersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadDatabase,
  ) {}

  async increment(metric: string, label: string, at: Date, by = 1, db: DataSource | EntityManager = this.dataSource): Promise<void> {
    await db.query(
      `INSERT INTO metric_counters (metric, label, bucket_start, count) VALUES ($1, $2, date_trunc('minute', $3::timestamptz), $4)
       ON CONFLICT (metric, label, bucket_start) DO UPDATE SET count = metric_counters.count + EXCLUDED.count`,
      [metric, label, at, by],
    );
  }

  /**
   * Many increments in one statement, inside `db`'s transaction when given one. Rows of one metric,
   * label and minute are summed first, and written in that order: transactions that bump the same
   * counters lock them in one order, so they wait for each other but never deadlock.
   */
  async incrementMany(rows: readonly CounterRow[], db: DataSource | EntityManager = this.dataSource): Promise<void> {
    if (rows.length === 0) return;
    const merged = new Map<string, { metric: string; label: string; minute: number; count: number }>();
    for (const r of rows) {
      const minute = Math.floor(r.at.getTime() / 60_000) * 60_000;
      const key = `${r.metric}\u0000${r.label}\u0000${minute}`;
      const seen = merged.get(key);
      if (seen) seen.count += r.count;
      else merged.set(key, { metric: r.metric, label: r.label, minute, count: r.count });
    }
    const sorted = [...merged.values()].sort((a, b) => cmp(a.metric, b.metric) || cmp(a.label, b.label) || a.minute - b.minute);
    await db.query(
      `INSERT INTO metric_counters (metric, label, bucket_start, count)
       SELECT m, l, t, c FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::bigint[]) WITH ORDINALITY AS u(m, l, t, c, n) ORDER BY n
       ON CONFLICT (metric, label, bucket_start) DO UPDATE SET count = metric_counters.count + EXCLUDED.count`,
      [sorted.map((r) => r.metric), sorted.map((r) => r.label), sorted.map((r) => new Date(r.minute)), sorted.map((r) => r.count)],
    );
  }

  /** Totals per label since `since` (all time when omitted). */
  async totals(metric: string, since?: Date): Promise<Record<string, number>> {
    const rows: { label: string; total: string }[] = await this.dataSource.query(
      `SELECT label, SUM(count)::bigint AS total FROM metric_counters WHERE metric = $1 AND ($2::timestamptz IS NULL OR bucket_start >= $2) GROUP BY label`,
      [metric, since ?? null],
    );
    return Object.fromEntries(rows.map((r) => [r.label, Number(r.total)]));
  }

  /** All-time totals of every figure (the folded history included), for Prometheus counters. */
  async allTimeTotals(): Promise<Map<string, Record<string, number>>> {
    const rows = await this.reads.query<{ metric: string; label: string; total: string }>(
      `SELECT metric, label, SUM(count)::bigint AS total FROM metric_counters GROUP BY metric, label`,
    );
    const totals = new Map<string, Record<string, number>>();
    for (const r of rows) totals.set(r.metric, { ...totals.get(r.metric), [r.label]: Number(r.total) });
    return totals;
  }

  /** Per-minute counts of these figures in [since, until]. */
  async series(metrics: readonly string[], since: Date, until: Date): Promise<CounterPoint[]> {
    const rows = await this.reads.query<{ metric: string; label: string; bucket_start: Date; count: string }>(
      `SELECT metric, label, bucket_start, count FROM metric_counters
       WHERE metric = ANY($1) AND bucket_start >= date_trunc('minute', $2::timestamptz) AND bucket_start <= $3 ORDER BY bucket_start`,
      [metrics, since, until],
    );
    return rows.map((r) => ({ metric: r.metric, label: r.label, at: r.bucket_start.getTime(), count: Number(r.count) }));
  }

  /** Totals per label and UTC day in [since, until] (minutes of the range, as `series` reads them). */
  async totalsByDay(metric: string, since: Date, until: Date): Promise<{ label: string; day: number; count: number }[]> {
    const rows = await this.reads.query<{ label: string; day: Date; total: string }>(
      `SELECT label, date_trunc('day', bucket_start, 'UTC') AS day, SUM(count)::bigint AS total FROM metric_counters
       WHERE metric = $1 AND bucket_start >= date_trunc('minute', $2::timestamptz) AND bucket_start <= $3 GROUP BY 1, 2`,
      [metric, since, until],
    );
    return rows.map((r) => ({ label: r.label, day: r.day.getTime(), count: Number(r.total) }));
  }

  /**
   * All-time totals (the folded history included) of the labels whose `position`-th `separator`-
   * separated field is `field`, as PostgreSQL's split_part counts: one campaign's counts, say.
   * Reads this metric's rows since `since` only, and the all-time row.
   */
  async totalsWhereLabelField(metric: string, separator: string, position: number, field: string, since: Date): Promise<Record<string, number>> {
    const rows = await this.reads.query<{ label: string; total: string }>(
      `SELECT label, SUM(count)::bigint AS total FROM metric_counters
       WHERE metric = $1 AND split_part(label, $2, $3) = $4 AND (bucket_start >= date_trunc('minute', $5::timestamptz) OR bucket_start = $6)
       GROUP BY label`,
      [metric, separator, position, field, since, ALL_TIME_BUCKET],
    );
    return Object.fromEntries(rows.map((r) => [r.label, Number(r.total)]));
  }

  /** Retention: minutes before `before` are folded into the all-time row, then deleted. */
  async compact(before: Date): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO metric_counters (metric, label, bucket_start, count)
         SELECT metric, label, $2::timestamptz, SUM(count) FROM metric_counters WHERE bucket_start < $1 AND bucket_start > $2 GROUP BY metric, label
         ON CONFLICT (metric, label, bucket_start) DO UPDATE SET count = metric_counters.count + EXCLUDED.count`,
        [before, ALL_TIME_BUCKET],
      );
      const rows: { n: number }[] = await tx.query(
        `WITH gone AS (DELETE FROM metric_counters WHERE bucket_start < $1 AND bucket_start > $2 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [before, ALL_TIME_BUCKET],
      );
      return rows[0]?.n ?? 0;
    });
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
