import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EventEndpoint } from './event-endpoint.entity.js';
import { IntegratorEvent } from './integrator-event.entity.js';

export type EventDeliveryState = 'pending' | 'delivering' | 'delivered' | 'failed';

/** One event owed to one endpoint: pending until a 2xx, retried with backoff, given up after days. */
@Entity({ name: 'event_deliveries' })
@Check('ck_event_deliveries_state', `state IN ('pending', 'delivering', 'delivered', 'failed')`)
@Index('uq_event_deliveries_endpoint_event', ['endpointId', 'eventId'], { unique: true })
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

  @ManyToOne(() => IntegratorEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_event_deliveries_event' })
  event?: IntegratorEvent;

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
