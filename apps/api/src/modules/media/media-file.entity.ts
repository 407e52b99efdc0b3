import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One file in Sendbook's media store: an agent's upload, or a customer's media downloaded when it
 * arrived (Meta keeps it 7 days; the thread needs it for as long as the retention says). The bytes
 * live in the store under the row's id; this row says what they are and until when they stay.
 */
@Entity({ name: 'media_files' })
@Check('ck_media_files_origin', `origin IN ('upload','inbound')`)
@Check('ck_media_files_state', `state IN ('fetching','kept','failed')`)
// A customer's message has one file; the claim to download it is this index.
@Index('uq_media_files_inbound', ['inboundMessageId'], { unique: true, where: 'inbound_message_id IS NOT NULL' })
@Index('ix_media_files_retain', ['retainUntil'])
@Index('ix_media_files_retry', ['nextAttemptAt'], { where: `state <> 'kept'` })
export class MediaFile {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  origin!: 'upload' | 'inbound';

  /** `fetching` while a worker downloads it, `failed` when Meta would not give it (retried until `next_attempt_at` is null). */
  @Column({ type: 'text', default: 'kept' })
  state!: 'fetching' | 'kept' | 'failed';

  @Column({ name: 'inbound_message_id', type: 'uuid', nullable: true })
  inboundMessageId!: string | null;

  @Column({ name: 'mime_type', type: 'text', nullable: true })
  mimeType!: string | null;

  @Column({ type: 'bigint', nullable: true })
  size!: string | null;

  /** Hex SHA-256 of the bytes. */
  @Column({ type: 'text', nullable: true })
  sha256!: string | null;

  @Column({ type: 'text', nullable: true })
  filename!: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** `staff:<id>` or `api_key:<id>` for an upload; null for a customer's media. */
  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'retain_until', type: 'timestamptz' })
  retainUntil!: Date;
}
