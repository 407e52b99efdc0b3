import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type DeliveryState = 'received' | 'processed' | 'poison';

/**
 * One webhook POST exactly as Meta sent it: the raw bytes (the signature was checked over them),
 * the headers and when it arrived. Written before the 200, so nothing acknowledged is ever lost;
 * processed afterwards by a worker that holds a lease on it.
 */
@Entity({ name: 'webhook_deliveries' })
@Check('ck_webhook_deliveries_state', `state IN ('received','processed','poison')`)
@Index('ix_webhook_deliveries_received', ['receivedAt'])
@Index('ix_webhook_deliveries_pending', ['receivedAt'], { where: `state = 'received'` })
@Index('ix_webhook_deliveries_poison', ['receivedAt'], { where: `state = 'poison'` })
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The partition key (daily partitions): part of the primary key, as PostgreSQL requires of a partitioned table's. */
  @PrimaryColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ type: 'jsonb' })
  headers!: Record<string, unknown>;

  /** The body byte for byte. */
  @Column({ type: 'bytea' })
  body!: Buffer;

  @Column({ type: 'text', default: 'received' })
  state!: DeliveryState;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** The worker holding the delivery, and until when; an expired lease means that worker died. */
  @Column({ name: 'lease_token', type: 'uuid', nullable: true })
  leaseToken!: string | null;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;

  /** Events found / applied / skipped as duplicates, in the last run. */
  @Column({ name: 'events_total', type: 'integer', nullable: true })
  eventsTotal!: number | null;

  @Column({ name: 'events_applied', type: 'integer', nullable: true })
  eventsApplied!: number | null;

  @Column({ name: 'events_duplicate', type: 'integer', nullable: true })
  eventsDuplicate!: number | null;

  /** `{ code, message }` of the last failure; why a delivery is poison. */
  @Column({ name: 'last_error', type: 'jsonb', nullable: true })
  lastError!: Record<string, unknown> | null;

  @Column({ name: 'replayed_at', type: 'timestamptz', nullable: true })
  replayedAt!: Date | null;
}
