import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OutboundMessage } from '../outbox/outbound-message.entity.js';

/**
 * What search finds an outbound message by, kept beside it rather than indexed on it: every send
 * updates its row five or six times (queued, sending, accepted, sent, delivered, read), and each of
 * those updates would recompute and re-insert full-text and trigram entries on the row itself.
 * Here they are written once, when the message is made: its payload's words, its dedupe key and
 * trigger_ref (its wamid, which comes later, has a table of its own: OutboundSearchWamid). Written
 * only by triggers on outbound_messages (migration 1796240100000), read by the search module;
 * deleted with the message.
 */
@Entity({ name: 'outbound_search_terms' })
@Index('ix_outbound_search_terms_created', ['createdAt', 'messageId'])
// GIN indexes TypeORM cannot describe (full text, and pg_trgm on `ids`); named so it leaves them be.
@Index('ix_outbound_search_terms_words', { synchronize: false })
@Index('ix_outbound_search_terms_ids', { synchronize: false })
export class OutboundSearchTerm {
  @PrimaryColumn({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @ManyToOne(() => OutboundMessage, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'message_id', foreignKeyConstraintName: 'fk_outbound_search_terms_message' })
  message?: OutboundMessage;

  /** The message's number and recipient: which thread it is in, without reading the message. */
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ name: 'to_wa_id', type: 'text' })
  toWaId!: string;

  /** The message's created_at: results are ordered by it. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The payload's words (`search_outbound_document`). */
  @Column({ type: 'tsvector' })
  words!: string;

  /** dedupe_key and trigger_ref, a newline apart. */
  @Column({ type: 'text' })
  ids!: string;
}
