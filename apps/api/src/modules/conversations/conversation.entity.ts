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
@Check('ck_conversations_waiting_for', `waiting_for IS NULL OR waiting_for IN ('first_response', 'next_response')`)
@Check('ck_conversations_waiting', `(waiting_since IS NULL) = (waiting_for IS NULL)`)
// The backlog automatic assignment drains, oldest first; the response targets the breach check watches.
@Index('ix_conversations_backlog', ['needsAssigneeSince', 'id'], { where: 'needs_assignee_since IS NOT NULL' })
@Index('ix_conversations_response_due', ['responseDueAt'], { where: 'response_due_at IS NOT NULL AND sla_breached_at IS NULL' })
@Index('ix_conversations_out_of_office_due', ['updatedAt'], { where: 'out_of_office_due IS NOT NULL' })
@Index('ix_conversations_breached', ['slaBreachedAt', 'id'], { where: 'sla_breached_at IS NOT NULL' })
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

  /** When the current open stretch began: made, or reopened by the customer or by hand. */
  @Column({ name: 'opened_at', type: 'timestamptz', default: () => 'now()' })
  openedAt!: Date;

  /** When the assignee got it (by hand or automatically); null while unassigned. */
  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt!: Date | null;

  /** Waiting for automatic assignment since then (its team has no member with room): the backlog, drained oldest first. */
  @Column({ name: 'needs_assignee_since', type: 'timestamptz', nullable: true })
  needsAssigneeSince!: Date | null;

  /** The customer has waited for a reply since then (their first unanswered message); null once answered or closed. */
  @Column({ name: 'waiting_since', type: 'timestamptz', nullable: true })
  waitingSince!: Date | null;

  /** Which target the wait is measured against: no reply yet in this open stretch, or one since. */
  @Column({ name: 'waiting_for', type: 'text', nullable: true })
  waitingFor!: 'first_response' | 'next_response' | null;

  /** The team's target for this wait, counted in its business hours; null without a target. */
  @Column({ name: 'response_due_at', type: 'timestamptz', nullable: true })
  responseDueAt!: Date | null;

  /** The target passed unanswered then: a `waiting_customer` work item until the reply (or closing). */
  @Column({ name: 'sla_breached_at', type: 'timestamptz', nullable: true })
  slaBreachedAt!: Date | null;

  /**
   * The out-of-office reply this thread owes (its dedupe key, naming the closed period): set in the
   * transaction that stores the customer's message, cleared once the reply is in the outbox. A
   * process killed between the two leaves it set, and the sweep enqueues it (the key makes it once).
   */
  @Column({ name: 'out_of_office_due', type: 'text', nullable: true })
  outOfOfficeDue!: string | null;

  /** The latest staff reply: a reply after `opened_at` makes the next wait a `next_response`. */
  @Column({ name: 'last_reply_at', type: 'timestamptz', nullable: true })
  lastReplyAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
