import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Sending stopped for a business number, or for the whole account, because Meta said every send
 * would fail (token, payment, policy). Rows stay `queued`; nothing is failed in bulk.
 */
@Entity({ name: 'sending_pauses' })
@Check('ck_sending_pauses_scope', `(scope = 'account' AND phone_number_id IS NULL) OR (scope = 'number' AND phone_number_id IS NOT NULL)`)
@Index('ix_sending_pauses_active', ['phoneNumberId'], { where: 'resumed_at IS NULL' })
export class SendingPause {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  scope!: 'number' | 'account';

  /** The paused number; null for an account-wide pause. */
  @Column({ name: 'phone_number_id', type: 'text', nullable: true })
  phoneNumberId!: string | null;

  @Column({ type: 'text', nullable: true })
  code!: string | null;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'paused_at', type: 'timestamptz', default: () => 'now()' })
  pausedAt!: Date;

  @Column({ name: 'resumed_at', type: 'timestamptz', nullable: true })
  resumedAt!: Date | null;

  @Column({ name: 'resumed_by', type: 'text', nullable: true })
  resumedBy!: string | null;
}
