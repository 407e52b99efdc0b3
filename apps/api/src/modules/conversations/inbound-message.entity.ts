import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An inbound WhatsApp message, stored once per (business number, wamid), with what the
 * conversations and the inbox need: who wrote, what, in reply to which message, and the raw item.
 */
@Entity({ name: 'inbound_messages' })
@Index('uq_inbound_messages_wamid', ['phoneNumberId', 'wamid'], { unique: true })
@Index('ix_inbound_messages_sender', ['phoneNumberId', 'fromWaId', 'timestamp'])
@Index('ix_inbound_messages_context', ['phoneNumberId', 'contextWamid'], { where: 'context_wamid IS NOT NULL' })
@Index('ix_inbound_messages_created', ['createdAt', 'id'])
// The media keeper's scan: recent messages with media, a small part of all.
@Index('ix_inbound_messages_media', ['createdAt', 'id'], { where: `type IN ('image','video','audio','document','sticker')` })
// Search (migration 1796240100000): expression and trigram GIN indexes TypeORM cannot describe; named here so it leaves them be.
@Index('ix_inbound_messages_search_words', { synchronize: false })
@Index('ix_inbound_messages_search_wamid', { synchronize: false })
export class InboundMessage {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The business number written to (metadata.phone_number_id). */
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ type: 'text' })
  wamid!: string;

  /** The sender's phone number (digits); null for a username user who hides it. */
  @Column({ name: 'from_wa_id', type: 'text', nullable: true })
  fromWaId!: string | null;

  /** The sender's business-scoped user id (BSUID). */
  @Column({ name: 'from_user_id', type: 'text', nullable: true })
  fromUserId!: string | null;

  @Column({ name: 'contact_name', type: 'text', nullable: true })
  contactName!: string | null;

  /** The matching contacts[] entry as received. */
  @Column({ type: 'jsonb', nullable: true })
  contact!: Record<string, unknown> | null;

  /** Meta's type, as sent. */
  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'text', nullable: true })
  text!: string | null;

  /** `{ id, title }` for button / list replies and template quick replies. */
  @Column({ type: 'jsonb', nullable: true })
  choice!: { id: string; title: string } | null;

  /** context.id: the wamid this message answers (reply attribution). */
  @Column({ name: 'context_wamid', type: 'text', nullable: true })
  contextWamid!: string | null;

  @Column({ name: 'context_from', type: 'text', nullable: true })
  contextFrom!: string | null;

  /** Meta's timestamp of the message. */
  @Column({ type: 'timestamptz', nullable: true })
  timestamp!: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  errors!: unknown[] | null;

  @Column({ type: 'jsonb' })
  raw!: Record<string, unknown>;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
