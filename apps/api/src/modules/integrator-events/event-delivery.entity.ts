import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { EventEndpoint } from './event-endpoint.entity.js';

export type EventDeliveryState = 'pending' | 'delivering' | 'delivered' | 'failed';

/**
 * One event owed to one endpoint: pending until a 2xx, retried with backoff, given up after days.
 * Partitioned by its event's day (`event_at`), dropped with the event's day; no foreign key to the
 * event (a partition a key points into could not be dropped alone).
 */
@Entity({ name: 'event_deliveries' })
@Check('ck_event_deliveries_state', `state IN ('pending', 'delivering', 'delivered', 'failed')`)
// With event_at, as a partitioned table's unique index must be; event_at follows from event_id, so still one per endpoint and event.
@Index('uq_event_deliveries_endpoint_event', ['endpointId', 'eventId', 'eventAt'], { unique: true })
@Index('ix_event_deliveries_due', ['endpointId', 'nextAttemptAt'], { where: `state IN ('pending', 'delivering')` })
@Index('ix_event_deliveries_order', ['endpointId', 'orderingKey', 'seq'], { where: `state IN ('pending', 'delivering')` })
@Index('ix_event_deliveries_endpoint_created', ['endpointId', 'createdAt'])
@Index('ix_event_deliveries_event', ['eventId'])
export class EventDelivery {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  /** Deleting an endpoint deletes what it was owed. */
  @ManyToOne(() => EventEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'fk_event_deliveries_endpoint' })
  endpoint?: EventEndpoint;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  /** The event's `created_at`: the partition key (daily partitions), part of the primary key. */
  @PrimaryColumn({ name: 'event_at', type: 'timestamptz' })
  eventAt!: Date;

  /** Copied from the event so the order check stays on this table's index. */
  @Column({ name: 'ordering_key', type: 'text' })
  orderingKey!: string;

  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'text', default: 'pending' })
  state!: EventDeliveryState;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** While `delivering`: a worker's claim; past it, the POST is presumed lost and made again. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'last_status', type: 'integer', nullable: true })
  lastStatus!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
