import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type ConversationState = 'open' | 'closed';
export const CONVERSATION_STATES: readonly ConversationState[] = ['open', 'closed'];

/** One thread per business number and contact: both directions, and the 24 h window. */
@Entity({ name: 'conversations' })
@Index('uq_conversations_contact', ['phoneNumberId', 'contactId'], { unique: true })
@Index('ix_conversations_activity', ['lastActivityAt', 'id'])
@Check('ck_conversations_state', `state IN ('open', 'closed')`)
// GIN on labels (`labels @> ARRAY[$label]` for the list filter): made by the migration, TypeORM cannot declare one.
@Index('ix_conversations_labels', { synchronize: false })
@Index('ix_conversations_snooze_due', ['snoozedUntil'], { where: 'snoozed_until IS NOT NULL' })
@Check('ck_conversations_snooze', `snoozed_until IS NULL OR snoozed_at IS NOT NULL`)
export class Conversation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ name: 'contact_id', type: 'uuid' })
  contactId!: string;

  @Column({ type: 'text', default: 'open' })
  state!: ConversationState;

  @Column({ type: 'text', nullable: true })
  assignee!: string | null;

  @Column({ name: 'unread_count', type: 'integer', default: 0 })
  unreadCount!: number;

  @Column({ name: 'last_activity_at', type: 'timestamptz' })
  lastActivityAt!: Date;

  /** Meta's timestamp of the latest inbound message (what the window counts from). */
  @Column({ name: 'last_inbound_at', type: 'timestamptz', nullable: true })
  lastInboundAt!: Date | null;

  /** last_inbound_at + 24 h: free-form messages may be sent before it. */
  @Column({ name: 'window_open_until', type: 'timestamptz', nullable: true })
  windowOpenUntil!: Date | null;

  /**
   * The customer's message Meta was last told is read (a read receipt, or a typing indicator, which
   * marks it read too): a reply marks the newest one read unless it is this one already.
   */
  @Column({ name: 'read_marked_wamid', type: 'text', nullable: true })
  readMarkedWamid!: string | null;

  /** Normalised (libs/queue normalizeLabels): lower-case, unique, at most 20. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  labels!: string[];

  /** Snoozed since then (hidden from Open); null when awake. */
  @Column({ name: 'snoozed_at', type: 'timestamptz', nullable: true })
  snoozedAt!: Date | null;

  /** Wakes then (the periodic task); null while snoozed: until the customer writes. The customer writing always wakes it. */
  @Column({ name: 'snoozed_until', type: 'timestamptz', nullable: true })
  snoozedUntil!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
