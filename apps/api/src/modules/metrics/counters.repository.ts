import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** Figures counted as they happen, one row per figure, label and minute. */
export const COUNTERS = {
  dedupeRejected: 'outbox.dedupe_rejected',
} as const;

@Injectable()
export class CountersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async increment(metric: string, label: string, at: Date, by = 1, db: DataSource | EntityManager = this.dataSource): Promise<void> {
    await db.query(
      `INSERT INTO metric_counters (metric, label, bucket_start, count) VALUES ($1, $2, date_trunc('minute', $3::timestamptz), $4)
       ON CONFLICT (metric, label, bucket_start) DO UPDATE SET count = metric_counters.count + EXCLUDED.count`,
      [metric, label, at, by],
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
}
