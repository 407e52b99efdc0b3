import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every POST made for a delivery, kept so an admin sees what the endpoint answered. Partitioned by
 * its event's day (`event_at`), dropped with it. An endpoint deleted takes its deliveries (a foreign
 * key); their attempts, which no key ties to them, stay unseen until their day is dropped.
 */
@Entity({ name: 'event_delivery_attempts' })
@Index('ix_event_delivery_attempts_delivery', ['deliveryId', 'id'])
export class EventDeliveryAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  /** The delivery's event's `created_at`: the partition key (daily partitions), part of the primary key. */
  @PrimaryColumn({ name: 'event_at', type: 'timestamptz' })
  eventAt!: Date;

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
