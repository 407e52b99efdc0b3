import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { OutboundMessage } from '../outbox/outbound-message.entity.js';

/**
 * An outbound message's wamid, for search by any part of it: written by a trigger when Meta gives
 * the message one (migration 1796240100000), so the statuses after it write nothing here. Apart
 * from OutboundSearchTerm so that each table's statistics describe one kind of text: a dedupe key
 * is nothing like a wamid, and mixed in one column PostgreSQL misjudges how often either matches.
 */
@Entity({ name: 'outbound_search_wamids' })
@Index('ix_outbound_search_wamids_created', ['createdAt', 'messageId'])
// pg_trgm, which TypeORM cannot describe; named so it leaves it be.
@Index('ix_outbound_search_wamids_wamid', { synchronize: false })
export class OutboundSearchWamid {
  @PrimaryColumn({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @OneToOne(() => OutboundMessage, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'message_id', foreignKeyConstraintName: 'fk_outbound_search_wamids_message' })
  message?: OutboundMessage;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ name: 'to_wa_id', type: 'text' })
  toWaId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'text' })
  wamid!: string;
}
