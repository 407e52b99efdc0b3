import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A WhatsApp user as seen by one business number. Keyed on (business number, user_id ?? wa_id):
 * from 2026 a username user may come with a business-scoped user id and no phone number, and a
 * phone number that changes hands gets a new user id. Both ids are kept when known.
 */
@Entity({ name: 'contacts' })
@Index('uq_contacts_key', ['phoneNumberId', 'contactKey'], { unique: true })
@Index('ix_contacts_wa_id', ['phoneNumberId', 'waId'], { where: 'wa_id IS NOT NULL' })
@Index('ix_contacts_user_id', ['phoneNumberId', 'userId'], { where: 'user_id IS NOT NULL' })
// Search (migration 1796240100000): expression and trigram GIN indexes TypeORM cannot describe; named here so it leaves them be.
@Index('ix_contacts_search_name', { synchronize: false })
@Index('ix_contacts_search_wa_id', { synchronize: false })
export class Contact {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  /** user_id ?? wa_id at creation; never changes. */
  @Column({ name: 'contact_key', type: 'text' })
  contactKey!: string;

  /** Phone number digits (no +), when known. */
  @Column({ name: 'wa_id', type: 'text', nullable: true })
  waId!: string | null;

  /** Business-scoped user id (BSUID), when known. */
  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId!: string | null;

  /** Profile name from contacts[]. */
  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** IANA time zone, if known. */
  @Column({ name: 'time_zone', type: 'text', nullable: true })
  timeZone!: string | null;

  /** Since when the user has opted out of marketing messages on this number (null: not opted out). */
  @Column({ name: 'marketing_opt_out_at', type: 'timestamptz', nullable: true })
  marketingOptOutAt!: Date | null;

  /** How we learnt it: `user_preferences` (the user's stop) or `error_131050` (a failed send). */
  @Column({ name: 'marketing_opt_out_source', type: 'text', nullable: true })
  marketingOptOutSource!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
