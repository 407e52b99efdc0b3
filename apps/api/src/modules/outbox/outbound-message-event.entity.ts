import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Audit trail: every state change of an outbound message, who or what made it, when and why. */
@Entity({ name: 'outbound_message_events' })
@Index('ix_outbound_message_events_message', ['messageId', 'at'])
export class OutboundMessageEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @Column({ name: 'from_state', type: 'text', nullable: true })
  fromState!: string | null;

  @Column({ name: 'to_state', type: 'text' })
  toState!: string;

  /** `api`, `worker`, `sweeper`, `webhook`, `admin:<key prefix>`… */
  @Column({ type: 'text' })
  actor!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
