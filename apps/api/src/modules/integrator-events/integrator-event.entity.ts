import { Column, Entity, Generated, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One event for integrators, written by a trigger in the transaction of the change it reports
 * (migration IntegratorEvents), so an event exists exactly when its change committed. `snapshot`
 * is the changed row as it was then; the delivery presents it with the resource's own presenter.
 * Partitioned by day of `created_at` with its deliveries and attempts (which carry it as
 * `event_at`): EVENT_RETENTION_DAYS drops a day of the three at once (IntegratorEventRetention).
 */
@Entity({ name: 'integrator_events' })
@Index('ix_integrator_events_created', ['createdAt'])
export class IntegratorEvent {
  /** The `webhook-id`: consumers dedupe on it. */
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Commit order within one ordering key (the trigger assigns it after the change's row lock). */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'text' })
  type!: string;

  /** Events with the same key (one message, one inbound message) reach an endpoint in `seq` order. */
  @Column({ name: 'ordering_key', type: 'text' })
  orderingKey!: string;

  @Column({ type: 'jsonb' })
  snapshot!: Record<string, unknown>;

  /** The partition key (daily partitions): part of the primary key, as PostgreSQL requires of a partitioned table's. */
  @PrimaryColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
