import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EventDelivery } from './event-delivery.entity.js';

/** Every POST made for a delivery, kept so an admin sees what the endpoint answered. */
@Entity({ name: 'event_delivery_attempts' })
@Index('ix_event_delivery_attempts_delivery', ['deliveryId', 'id'])
export class EventDeliveryAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @ManyToOne(() => EventDelivery, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'fk_event_delivery_attempts_delivery' })
  delivery?: EventDelivery;

  /** Null when no answer came (refused address, time-out, connection error). */
  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'latency_ms', type: 'integer' })
  latencyMs!: number;

  /** The first bytes of the answer, as text. */
  @Column({ name: 'body_excerpt', type: 'text', nullable: true })
  bodyExcerpt!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
