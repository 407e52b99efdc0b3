import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Staff } from './staff.entity.js';

/**
 * A signed-in browser. Kept in PostgreSQL, so it survives Redis loss and every API instance sees
 * it; the cookie carries a random token of which only the SHA-256 is stored.
 */
@Entity({ name: 'staff_sessions' })
export class StaffSession {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('ix_staff_sessions_staff')
  @Column({ name: 'staff_id', type: 'uuid' })
  staffId!: string;

  @ManyToOne(() => Staff, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'staff_id' })
  staff?: Staff;

  @Index('uq_staff_sessions_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  /** The absolute end, however busy the session is. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /** `logout`, `deactivated`, `password_reset`, `idle`, `expired`. */
  @Column({ name: 'end_reason', type: 'text', nullable: true })
  endReason!: string | null;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;
}
