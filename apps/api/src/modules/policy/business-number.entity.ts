import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A business number seen in webhook metadata: Meta keys quality and limit updates by display
 * number only, so this is how a per-number limit finds its phone_number_id.
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
}
