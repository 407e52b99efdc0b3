import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { StatusMatch } from '../outbox/outbound-status-writes.js';

export type { StatusMatch };

/**
 * Every status webhook event, append-only: Meta's own timestamp, pricing, conversation and
 * errors. `message_id` is the outbound row it belongs to; a status whose wamid is not known yet
 * is `parked` and applied when the wamid appears, or becomes `foreign` after a while. Partitioned
 * by day of `received_at`, dropped whole past STATUS_EVENT_RETENTION_DAYS (a day holding a parked
 * status waits); the event key is written once because its claim is (unique across days).
 */
@Entity({ name: 'message_status_events' })
@Check('ck_message_status_events_match', `match_state IN ('matched','parked','foreign')`)
@Index('uq_message_status_events_key', ['eventKey', 'receivedAt'], { unique: true })
@Index('ix_message_status_events_message', ['messageId', 'occurredAt'], { where: 'message_id IS NOT NULL' })
@Index('ix_message_status_events_parked', ['phoneNumberId', 'wamid'], { where: `match_state = 'parked'` })
@Index('ix_message_status_events_parked_age', ['receivedAt'], { where: `match_state = 'parked'` })
// The sent→delivered figures read the `delivered` statuses of a time range.
@Index('ix_message_status_events_delivered', ['occurredAt'], { where: `status = 'delivered' AND message_id IS NOT NULL` })
export class MessageStatusEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'event_key', type: 'text' })
  eventKey!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @Column({ name: 'message_id', type: 'uuid', nullable: true })
  messageId!: string | null;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ type: 'text' })
  wamid!: string;

  @Column({ type: 'text' })
  status!: string;

  /** Meta's timestamp: when the status happened (not when it reached us). */
  @Column({ name: 'occurred_at', type: 'timestamptz', nullable: true })
  occurredAt!: Date | null;

  /** The partition key (daily partitions): part of the primary key, as PostgreSQL requires of a partitioned table's. */
  @PrimaryColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'recipient_id', type: 'text', nullable: true })
  recipientId!: string | null;

  @Column({ name: 'recipient_user_id', type: 'text', nullable: true })
  recipientUserId!: string | null;

  @Column({ name: 'biz_opaque_callback_data', type: 'text', nullable: true })
  bizOpaqueCallbackData!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  conversation!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  pricing!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  errors!: unknown[] | null;

  @Column({ type: 'jsonb' })
  raw!: Record<string, unknown>;

  @Column({ name: 'match_state', type: 'text' })
  matchState!: StatusMatch;

  /** What the merge did to the row: advanced, failed_wins, stale, duplicate, already_failed, unknown_status. */
  @Column({ name: 'merge_result', type: 'text', nullable: true })
  mergeResult!: string | null;

  @Column({ name: 'matched_at', type: 'timestamptz', nullable: true })
  matchedAt!: Date | null;
}
