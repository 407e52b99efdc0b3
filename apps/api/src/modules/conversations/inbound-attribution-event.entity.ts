import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Audit trail of attributions changed by hand: before, after, who, when, why. */
@Entity({ name: 'inbound_attribution_events' })
@Index('ix_inbound_attribution_events_inbound', ['inboundMessageId', 'at'])
export class InboundAttributionEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'inbound_message_id', type: 'uuid' })
  inboundMessageId!: string;

  @Column({ type: 'jsonb' })
  before!: Record<string, unknown>;

  @Column({ type: 'jsonb' })
  after!: Record<string, unknown>;

  @Column({ type: 'text' })
  actor!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
