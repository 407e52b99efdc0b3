import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { IntegratorEventType } from '@sendbook/queue';

/** An integrator's URL that Sendbook POSTs signed events to. */
@Entity({ name: 'event_endpoints' })
@Check('ck_event_endpoints_disabled_reason', `disabled_reason IS NULL OR disabled_reason IN ('admin', 'failing')`)
export class EventEndpoint {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** The event types it subscribed to. */
  @Column({ type: 'text', array: true })
  events!: IntegratorEventType[];

  /** `whsec_<base64>`: the Standard Webhooks signing secret, shown once at creation. */
  @Column({ type: 'text' })
  secret!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Why it is disabled: `admin` (by hand) or `failing` (by Sendbook after repeated failure). */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason!: 'admin' | 'failing' | null;

  /** Attempts failed in a row since the last success, and since when. */
  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures!: number;

  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
