import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One message template of a WABA, as Meta lists it: synced from `GET /{waba_id}/message_templates`
 * and kept current between syncs by template webhooks. (waba, name, language) is unique.
 */
@Entity({ name: 'templates' })
@Index('uq_templates_waba_name_language', ['wabaId', 'name', 'language'], { unique: true })
export class Template {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'waba_id', type: 'text' })
  wabaId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  language!: string;

  @Column({ type: 'text' })
  category!: string;

  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED, … as Meta says. */
  @Column({ type: 'text' })
  status!: string;

  /** GREEN, YELLOW, RED, UNKNOWN; null until Meta says. */
  @Column({ type: 'text', nullable: true })
  quality!: string | null;

  /** POSITIONAL or NAMED. */
  @Column({ name: 'parameter_format', type: 'text', nullable: true })
  parameterFormat!: string | null;

  @Column({ type: 'jsonb' })
  components!: Record<string, unknown>[];

  /** Why Meta rejected it (`reason`: INVALID_FORMAT, INCORRECT_CATEGORY, …; Meta's words and advice); null unless REJECTED. */
  @Column({ type: 'jsonb', nullable: true })
  rejection!: { reason: string; detail: string | null; recommendation: string | null } | null;

  /** When it was edited through Sendbook while APPROVED: Meta allows once in 24 h and 10 times in 30 days. */
  @Column({ name: 'approved_edits', type: 'timestamptz', array: true, default: () => "'{}'" })
  approvedEdits!: Date[];

  /** Meta's template id. */
  @Column({ name: 'meta_id', type: 'text' })
  metaId!: string;

  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
