import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The claim on one webhook event key (libs/whatsapp event-keys). Inserted with
 * `ON CONFLICT DO NOTHING` in the same transaction as the event's database effects, so the
 * effects happen exactly once however often Meta delivers the event. Partitioned by day of
 * `claimed_at`; a day's claims are dropped whole past the retention (≥ 8 days). A key is unique
 * across the days by the claim's lock per key (WebhooksRepository.claimMany), not by an index.
 *
 * `state`/`lease_until` are for claims that will guard effects outside the database
 * (integrator callbacks): `processing` with a short lease that a dead worker lets expire, then
 * `done`. Every claim today is written `done` together with its effects.
 */
@Entity({ name: 'webhook_event_claims' })
@Check('ck_webhook_event_claims_state', `state IN ('processing','done')`)
export class WebhookEventClaim {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  field!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @Column({ type: 'text', default: 'done' })
  state!: 'processing' | 'done';

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  /** The partition key (daily partitions): part of the primary key, as PostgreSQL requires of a partitioned table's. */
  @PrimaryColumn({ name: 'claimed_at', type: 'timestamptz' })
  claimedAt!: Date;
}
