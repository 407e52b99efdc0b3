import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A campaign an admin started: one approved template to many recipients from one number. Its
 * messages are outbox rows tagged `campaign` = its name, each keyed `campaign:<id>:<recipient>`,
 * so a recipient gets it at most once however often the campaign is submitted or written.
 */
@Entity({ name: 'campaigns' })
export class CampaignRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Unique; also the `campaign` tag on its messages. */
  @Index('uq_campaigns_name', { unique: true })
  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  /** `{name, language}` of the template every recipient gets. */
  @Column({ type: 'jsonb' })
  template!: { name: string; language: string };

  /** The template's category when the campaign was made (MARKETING: opted-out contacts are held). */
  @Column({ name: 'template_category', type: 'text', nullable: true })
  templateCategory!: string | null;

  @Column({ name: 'not_before', type: 'timestamptz', nullable: true })
  notBefore!: Date | null;

  /** `draft`, `running`, `paused`, `completed`, `cancelled`. */
  @Column({ type: 'text' })
  state!: string;

  /** Recipients stored (valid, distinct); the writer turns them into outbox rows. */
  @Column({ name: 'rows_total', type: 'int' })
  rowsTotal!: number;

  /** Recipients turned into outbox rows so far, in order of `seq`: where a writer that died resumes. */
  @Column({ name: 'rows_written', type: 'int', default: 0 })
  rowsWritten!: number;

  /** Rows of the upload that were refused (malformed, duplicates): counted, listed in the answer. */
  @Column({ name: 'rows_refused', type: 'int', default: 0 })
  rowsRefused!: number;

  @Column({ name: 'created_by', type: 'text' })
  createdBy!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}

/** One recipient of a campaign, stored with the campaign so the writer can resume after a crash. */
@Entity({ name: 'campaign_recipients' })
@Index('uq_campaign_recipients_recipient', ['campaignId', 'waId'], { unique: true })
export class CampaignRecipient {
  @PrimaryColumn({ name: 'campaign_id', type: 'uuid' })
  campaignId!: string;

  /** Its place in the campaign (1, 2, …): the writer goes in this order. */
  @PrimaryColumn({ type: 'int' })
  seq!: number;

  /** The line of the upload (CSV line, or 1-based index of `recipients`). */
  @Column({ type: 'int' })
  line!: number;

  /** E.164, or the BSUID for a user known only by it. */
  @Column({ type: 'text' })
  to!: string;

  @Column({ name: 'wa_id', type: 'text' })
  waId!: string;

  @Column({ name: 'is_bsuid', type: 'boolean', default: false })
  isBsuid!: boolean;

  @Column({ type: 'jsonb' })
  variables!: string[];
}
