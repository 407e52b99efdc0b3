import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A counter per figure, label and minute: cheap to increment in the same transaction as the event
 * it counts, and a ready-made time series for the health dashboard.
 */
@Entity({ name: 'metric_counters' })
// The retention purge and the dashboard's time ranges read by minute across every figure.
@Index('ix_metric_counters_bucket', ['bucketStart'])
export class MetricCounter {
  @PrimaryColumn({ type: 'text' })
  metric!: string;

  /** e.g. the purpose, or the webhook field; '' when the figure has no label. */
  @PrimaryColumn({ type: 'text' })
  label!: string;

  @PrimaryColumn({ name: 'bucket_start', type: 'timestamptz' })
  bucketStart!: Date;

  @Column({ type: 'bigint', default: 0 })
  count!: string;
}
