import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A gauge's reading per figure, label and minute (stuck rows, queue depths, backlog, worker
 * slots), taken by the worker's sampler. A later reading in the same minute replaces the earlier.
 */
@Entity({ name: 'metric_samples' })
@Index('ix_metric_samples_bucket', ['bucketStart'])
export class MetricSample {
  @PrimaryColumn({ type: 'text' })
  metric!: string;

  /** e.g. the state, the pool, the business number; '' when the figure has no label. */
  @PrimaryColumn({ type: 'text' })
  label!: string;

  @PrimaryColumn({ name: 'bucket_start', type: 'timestamptz' })
  bucketStart!: Date;

  @Column({ type: 'double precision' })
  value!: number;

  /** When it was read (within the minute), so the span a condition has lasted is exact. */
  @Column({ name: 'sampled_at', type: 'timestamptz' })
  sampledAt!: Date;
}
