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

  /** Meta's template id. */
  @Column({ name: 'meta_id', type: 'text' })
  metaId!: string;

  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
