import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A business number seen in webhook metadata or read from the Graph API: Meta keys quality and
 * limit updates by display number only, so this is how a per-number limit finds its
 * phone_number_id. Its profile (name, quality rating, throughput level) is read from Meta.
 */
@Entity({ name: 'business_numbers' })
@Index('ix_business_numbers_display', ['displayPhoneNumber'])
export class BusinessNumber {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text' })
  phoneNumberId!: string;

  @Column({ name: 'display_phone_number', type: 'text' })
  displayPhoneNumber!: string;

  @Column({ name: 'waba_id', type: 'text', nullable: true })
  wabaId!: string | null;

  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;

  @Column({ name: 'verified_name', type: 'text', nullable: true })
  verifiedName!: string | null;

  /** GREEN, YELLOW, RED or UNKNOWN, as Meta last rated it. */
  @Column({ name: 'quality_rating', type: 'text', nullable: true })
  qualityRating!: string | null;

  /** STANDARD (80 msg/s) or HIGH (up to 1,000 msg/s). */
  @Column({ name: 'throughput_level', type: 'text', nullable: true })
  throughputLevel!: string | null;

  @Column({ name: 'name_status', type: 'text', nullable: true })
  nameStatus!: string | null;

  /** When the profile was last read from Meta; null: never. */
  @Column({ name: 'profile_synced_at', type: 'timestamptz', nullable: true })
  profileSyncedAt!: Date | null;
}
