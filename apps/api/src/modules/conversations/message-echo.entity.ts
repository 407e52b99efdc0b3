import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message the business sent from the WhatsApp Business app on its phone (a coexistence number),
 * as Meta echoed it (`smb_message_echoes`), stored once per (business number, wamid). Outbound, but
 * not Sendbook's: it has no state to move and nothing ever sends it, so it is kept apart from
 * `outbound_messages` (which the outbox sends from) and from `inbound_messages` (what customers
 * wrote). The conversations own it; the thread shows it as sent from the phone.
 */
@Entity({ name: 'message_echoes' })
@Index('uq_message_echoes_wamid', ['phoneNumberId', 'wamid'], { unique: true })
@Index('ix_message_echoes_thread', ['conversationId', 'createdAt', 'id'])
export class MessageEcho {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The business number it was sent from (metadata.phone_number_id). */
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ type: 'text' })
  wamid!: string;

  /** The thread of the user it went to. */
  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId!: string;

  /** The user it went to: their number (digits), and their business-scoped user id when Meta named one. */
  @Column({ name: 'to_wa_id', type: 'text', nullable: true })
  toWaId!: string | null;

  @Column({ name: 'to_user_id', type: 'text', nullable: true })
  toUserId!: string | null;

  /** Meta's type, as sent. */
  @Column({ type: 'text' })
  type!: string;

  /** The words to show: body or caption. */
  @Column({ type: 'text', nullable: true })
  text!: string | null;

  /** Meta's timestamp of the echo. */
  @Column({ type: 'timestamptz', nullable: true })
  timestamp!: Date | null;

  /** The message_echoes[] item as received. */
  @Column({ type: 'jsonb' })
  raw!: Record<string, unknown>;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
