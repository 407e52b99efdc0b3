import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { FINISHED_STATES, type OutboxState, type RowError } from '@sendbook/queue';

/** `state IN (…finished…)`: the rows retention may purge, as SQL for the purge and its index. */
export const IS_FINISHED_SQL = `state IN (${FINISHED_STATES.map((s) => `'${s}'`).join(', ')})`;

/**
 * One outbound message: written before Meta knows anything of it, so a retry is always safe.
 * `dedupe_key` is unique: the second write of the same business event fails, so there is no
 * second message. Indexes are partial so the hot queries stay small with millions of rows.
 */
@Entity({ name: 'outbound_messages' })
@Check('ck_outbound_messages_state', `state IN ('queued','sending','accepted','sent','delivered','read','played','failed','held','cancelled')`)
@Check('ck_outbound_messages_dedupe_key', `char_length(dedupe_key) BETWEEN 1 AND 255`)
@Index('uq_outbound_messages_dedupe_key', ['dedupeKey'], { unique: true })
@Index('uq_outbound_messages_wamid', ['phoneNumberId', 'wamid'], { unique: true, where: 'wamid IS NOT NULL' })
@Index('ix_outbound_messages_due', ['notBefore', 'priority', 'createdAt'], { where: `state = 'queued'` })
@Index('ix_outbound_messages_sending', ['sendingStartedAt'], { where: `state = 'sending'` })
// Only finished rows: the purge looks at nothing else, and rows on their way (queued, sending) are
// updated twice each without also writing this index.
@Index('ix_outbound_messages_retain', ['retainUntil'], { where: IS_FINISHED_SQL })
@Index('ix_outbound_messages_trigger_ref', ['triggerRef'], { where: 'trigger_ref IS NOT NULL' })
// A campaign's messages (its view counts them, `?campaign=` lists them, newest first).
@Index('ix_outbound_messages_campaign', ['campaign', 'createdAt'], { where: 'campaign IS NOT NULL' })
@Index('ix_outbound_messages_state_created', ['state', 'createdAt'])
@Index('ix_outbound_messages_created', ['createdAt', 'id'])
// The expiry sweep: rows that may still go, with a time after which they must not.
@Index('ix_outbound_messages_expiry', ['expiresAt'], { where: `expires_at IS NOT NULL AND state IN ('queued', 'held')` })
@Index('ix_outbound_messages_recipient', ['phoneNumberId', 'toWaId', 'createdAt'])
// A user's queued rows only: the sender asks which of them goes first on every send, and through
// the index above that meant reading the user's whole retained history whenever a backlog kept
// the planner off the due index.
@Index('ix_outbound_messages_recipient_queued', ['phoneNumberId', 'toWaId'], { where: `state = 'queued'` })
export class OutboundMessage {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'dedupe_key', type: 'text' })
  dedupeKey!: string;

  /** E.164, normalised once on entry. */
  @Column({ name: 'to', type: 'text' })
  to!: string;

  /** Digits only, as WhatsApp's wa_id: how webhooks name the user. */
  @Column({ name: 'to_wa_id', type: 'text' })
  toWaId!: string;

  @Column({ type: 'text' })
  purpose!: string;

  @Column({ name: 'trigger_ref', type: 'text', nullable: true })
  triggerRef!: string | null;

  /** The send-out it belongs to (an integrator's tag, 1-100 chars), for the campaign view. */
  @Column({ type: 'text', nullable: true })
  campaign!: string | null;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  /** Hash of to + purpose + payload: tells a true duplicate from a conflicting reuse of the key. */
  @Column({ name: 'content_hash', type: 'text' })
  contentHash!: string;

  @Column({ name: 'fallback_template', type: 'jsonb', nullable: true })
  fallbackTemplate!: Record<string, unknown> | null;

  @Column({ type: 'integer', default: 0 })
  priority!: number;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ type: 'text', default: 'queued' })
  state!: OutboxState;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'text', nullable: true })
  wamid!: string | null;

  @Column({ name: 'not_before', type: 'timestamptz', default: () => 'now()' })
  notBefore!: Date;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'sending_started_at', type: 'timestamptz', nullable: true })
  sendingStartedAt!: Date | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @Column({ name: 'played_at', type: 'timestamptz', nullable: true })
  playedAt!: Date | null;

  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  /** Not sent after then: a row not claimed by this time is cancelled (`last_error.code` `expired`). */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** Meta's `pricing` from the latest status that carried one (`billable`, `pricing_model`, `category`, `type`). */
  @Column({ type: 'jsonb', nullable: true })
  pricing!: Record<string, unknown> | null;

  @Column({ name: 'last_error', type: 'jsonb', nullable: true })
  lastError!: RowError | null;

  /** The row, and so its dedupe key, is kept at least until then (the purpose's dedupe window). */
  /** Who enqueued it: `api_key:<id>` for an integrator, `staff:<id>` for an agent's reply. */
  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy!: string | null;

  /** Null: kept for good; else deleted by the purge once finished and past it (OUTBOUND_RETENTION, never under the dedupe window). */
  @Column({ name: 'retain_until', type: 'timestamptz', nullable: true })
  retainUntil!: Date | null;
}
