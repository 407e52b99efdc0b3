import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type AlertState = 'open' | 'resolved';

/**
 * A figure that crossed its threshold (or anything else a module raises), as a work item for a
 * person. At most one open alert per key: raising again while open only refreshes it.
 */
@Entity({ name: 'alerts' })
@Check('ck_alerts_state', `state IN ('open', 'resolved')`)
@Index('uq_alerts_open_key', ['key'], { unique: true, where: `state = 'open'` })
@Index('ix_alerts_state_raised', ['state', 'raisedAt'])
export class Alert {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Who raised it: `metrics`, `outbox`… */
  @Column({ type: 'text' })
  source!: string;

  /** What it is about, e.g. `metrics.stuck_sending` or `pause:number:106540352242922`. */
  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @Column({ type: 'text', default: 'open' })
  state!: AlertState;

  @Column({ name: 'raised_at', type: 'timestamptz' })
  raisedAt!: Date;

  /** The last time it was raised again while open. */
  @Column({ name: 'last_raised_at', type: 'timestamptz' })
  lastRaisedAt!: Date;

  @Column({ name: 'raise_count', type: 'integer', default: 1 })
  raiseCount!: number;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  /** `admin:api`, or the module that resolved it. */
  @Column({ name: 'resolved_by', type: 'text', nullable: true })
  resolvedBy!: string | null;

  @Column({ name: 'resolution_note', type: 'text', nullable: true })
  resolutionNote!: string | null;
}
