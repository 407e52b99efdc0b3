import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Everything that is neither an inbound message nor a status: template and account updates,
 * quality changes, user preferences, `value.errors[]`, unknown fields. Kept by event key, so a
 * later module can apply them; nothing here ever stops a delivery from being processed.
 */
@Entity({ name: 'webhook_field_events' })
@Index('ix_webhook_field_events_field', ['field', 'receivedAt'])
export class WebhookFieldEvent {
  @PrimaryColumn({ name: 'event_key', type: 'text' })
  eventKey!: string;

  /** `field` or `error` (value.errors[]). */
  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'text' })
  field!: string;

  @Column({ name: 'waba_id', type: 'text', nullable: true })
  wabaId!: string | null;

  @Column({ name: 'phone_number_id', type: 'text', nullable: true })
  phoneNumberId!: string | null;

  /** entry.time or the value's own timestamp. */
  @Column({ name: 'occurred_at', type: 'timestamptz', nullable: true })
  occurredAt!: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  value!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  raw!: unknown;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
