import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The messaging limit Meta last told us for a scope (`portfolio:<id>` or `number:<phone_number_id>`),
 * from `phone_number_quality_update` / `business_capability_update` webhooks. Without a row the
 * configured default applies.
 */
@Entity({ name: 'messaging_limits' })
export class MessagingLimitRow {
  @PrimaryColumn({ name: 'scope_id', type: 'text' })
  scopeId!: string;

  /** A number of unique users per rolling 24 h, or 'unlimited'. */
  @Column({ name: 'messaging_limit', type: 'text' })
  messagingLimit!: string;

  /** The webhook field (or 'admin') that set it. */
  @Column({ type: 'text' })
  source!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
