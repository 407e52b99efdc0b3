import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TimePartitions } from '../../database/partitions/time-partitions.js';
import { ReadDatabase } from '../../database/replica/read-database.js';

export interface SampleRow {
  readonly metric: string;
  readonly label: string;
  readonly value: number;
}

export interface SamplePoint extends SampleRow {
  /** When it was read. */
  readonly at: number;
}

/**
 * Gauge readings, one row per figure, label and minute. Their history the replica may serve when a
 * person asks. Partitioned by day of the minute: retention drops a day whole.
 */
@Injectable()
export class SamplesRepository {
  readonly partitions: TimePartitions;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadDatabase,
  ) {
    this.partitions = new TimePartitions(dataSource, { parent: 'metric_samples', column: 'bucket_start', mustStay: null });
  }

  async write(rows: readonly SampleRow[], at: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO metric_samples (metric, label, bucket_start, value, sampled_at)
       SELECT m, l, date_trunc('minute', $4::timestamptz), v, $4 FROM unnest($1::text[], $2::text[], $3::float8[]) AS u(m, l, v)
       ON CONFLICT (metric, label, bucket_start) DO UPDATE SET value = EXCLUDED.value, sampled_at = EXCLUDED.sampled_at`,
      [rows.map((r) => r.metric), rows.map((r) => r.label), rows.map((r) => r.value), at],
    );
  }

  /** Readings of these figures in [since, until]; `labelPrefix` narrows by label (e.g. one pool). */
  async series(metrics: readonly string[], since: Date, until: Date, labelPrefix = ''): Promise<SamplePoint[]> {
    const rows = await this.reads.query<{ metric: string; label: string; value: number; sampled_at: Date }>(
      `SELECT metric, label, value, sampled_at FROM metric_samples
       WHERE metric = ANY($1) AND bucket_start >= date_trunc('minute', $2::timestamptz) AND bucket_start <= $3 AND starts_with(label, $4)
       ORDER BY sampled_at`,
      [metrics, since, until, labelPrefix],
    );
    return rows.map((r) => ({ metric: r.metric, label: r.label, value: Number(r.value), at: r.sampled_at.getTime() }));
  }

  /** The last reading of a figure taken at or before `at`, if any. */
  async lastAtOrBefore(metric: string, label: string, at: Date): Promise<number | null> {
    const rows = await this.reads.query<{ value: number }>(
      `SELECT value FROM metric_samples WHERE metric = $1 AND label = $2 AND bucket_start <= $3 AND sampled_at <= $3 ORDER BY bucket_start DESC LIMIT 1`,
      [metric, label, at],
    );
    return rows[0] ? Number(rows[0].value) : null;
  }
}
