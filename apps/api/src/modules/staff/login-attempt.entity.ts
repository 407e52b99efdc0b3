import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Every sign-in attempt, so throttling is shared by all API instances and survives restarts. */
@Entity({ name: 'login_attempts' })
@Index('ix_login_attempts_account', ['emailKey', 'at'])
@Index('ix_login_attempts_address', ['ip', 'at'])
export class LoginAttempt {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'email_key', type: 'text' })
  emailKey!: string;

  @Column({ type: 'text' })
  ip!: string;

  @Column({ type: 'boolean' })
  succeeded!: boolean;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
