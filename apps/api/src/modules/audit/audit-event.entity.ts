import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Who did what to what, for actions no other trail records: sign-ins, staff and key changes,
 * assignments, replays. (Message and attribution changes keep their own trails, with the actor.)
 */
@Entity({ name: 'audit_events' })
@Index('ix_audit_events_subject', ['subjectType', 'subjectId', 'at'])
export class AuditEvent {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('ix_audit_events_at')
  @Column({ type: 'timestamptz' })
  at!: Date;

  /** `staff:<id>`, `api_key:<id>`, `system`, or `anonymous` for a failed sign-in. */
  @Column({ type: 'text' })
  actor!: string;

  /** e.g. `auth.login`, `auth.login_failed`, `staff.created`, `api_key.revoked`, `conversation.assigned`. */
  @Column({ type: 'text' })
  action!: string;

  @Column({ name: 'subject_type', type: 'text' })
  subjectType!: string;

  @Column({ name: 'subject_id', type: 'text', nullable: true })
  subjectId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  /** The client's address, for sign-ins and key use. */
  @Column({ type: 'text', nullable: true })
  ip!: string | null;
}
