import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { AssignmentMode, BusinessHours } from '@sendbook/queue';
import { Staff } from '../staff/staff.entity.js';

/**
 * A group of staff that business numbers are routed to, with the settings assignment, response
 * targets and out-of-office read: how conversations are handed out and how fast they must be answered.
 */
@Entity({ name: 'teams' })
@Check('ck_teams_assignment_mode', `assignment_mode IN ('manual','round_robin','balanced')`)
@Check('ck_teams_max_open', `max_open BETWEEN 1 AND 100`)
export class Team {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** As the admin typed it (trimmed). */
  @Column({ type: 'text' })
  name!: string;

  /** Lower-cased: names are unique whatever their case. */
  @Index('uq_teams_name_key', { unique: true })
  @Column({ name: 'name_key', type: 'text' })
  nameKey!: string;

  @Column({ name: 'assignment_mode', type: 'text', default: 'manual' })
  assignmentMode!: AssignmentMode;

  /** Open conversations a member holds before automatic assignment passes them by. */
  @Column({ name: 'max_open', type: 'integer', default: 10 })
  maxOpen!: number;

  /** Null: no first-response target. */
  @Column({ name: 'first_response_seconds', type: 'integer', nullable: true })
  firstResponseSeconds!: number | null;

  /** Null: no next-response target. */
  @Column({ name: 'next_response_seconds', type: 'integer', nullable: true })
  nextResponseSeconds!: number | null;

  /** An assignee who has not answered a waiting customer this long loses the conversation to another member; null: never. */
  @Column({ name: 'reassign_after_seconds', type: 'integer', nullable: true })
  reassignAfterSeconds!: number | null;

  /** Sent once per conversation per closed period to a customer writing outside business hours; null: none. */
  @Column({ name: 'out_of_office_text', type: 'text', nullable: true })
  outOfOfficeText!: string | null;

  /** Normalised by normaliseBusinessHours; null: always open. */
  @Column({ name: 'business_hours', type: 'jsonb', nullable: true })
  businessHours!: BusinessHours | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Who is in a team; a staff member may be in several. */
@Entity({ name: 'team_members' })
export class TeamMember {
  @PrimaryColumn({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Index('ix_team_members_staff')
  @PrimaryColumn({ name: 'staff_id', type: 'uuid' })
  staffId!: string;

  /** The last automatic assignment to this member in this team: round robin takes the member longest without one. */
  @Column({ name: 'last_assigned_at', type: 'timestamptz', nullable: true })
  lastAssignedAt!: Date | null;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id' })
  team?: Team;

  @ManyToOne(() => Staff, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'staff_id' })
  staff?: Staff;
}

/** A business number routed to a team: at most one team per number (the primary key says so). */
@Entity({ name: 'team_numbers' })
export class TeamNumber {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Index('ix_team_numbers_team')
  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id' })
  team?: Team;
}
