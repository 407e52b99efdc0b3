import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Availability } from '@sendbook/queue';
import type { StaffRole } from '../../common/auth/principal.js';

/** A person who signs in to the inbox: an agent or an admin. */
@Entity({ name: 'staff' })
@Check('ck_staff_availability', `availability IN ('available','busy','away')`)
export class Staff {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** As the person typed it. */
  @Column({ type: 'text' })
  email!: string;

  /** Lower-cased and trimmed: emails are unique whatever their case. */
  @Index('uq_staff_email_key', { unique: true })
  @Column({ name: 'email_key', type: 'text' })
  emailKey!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  role!: StaffRole;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** Argon2id (passwords.ts); null until an invited person sets one, or after a reset. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  /** SHA-256 of the one-time invite or reset token; the token itself is shown once. */
  @Index('uq_staff_invite_token_hash', { unique: true })
  @Column({ name: 'invite_token_hash', type: 'text', nullable: true })
  inviteTokenHash!: string | null;

  @Column({ name: 'invite_expires_at', type: 'timestamptz', nullable: true })
  inviteExpiresAt!: Date | null;

  /** When the link was used: its hash stays, so the link can say it was used rather than unknown. */
  @Column({ name: 'invite_used_at', type: 'timestamptz', nullable: true })
  inviteUsedAt!: Date | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;

  /** What the person chose of domain/notification-settings.ts (only what they chose); null until they choose. */
  @Column({ name: 'notification_settings', type: 'jsonb', nullable: true })
  notificationSettings!: Record<string, unknown> | null;

  /** What the person says of themselves: `available` for new conversations, `busy`, or `away`. */
  @Column({ type: 'text', default: 'available' })
  availability!: Availability;
}
