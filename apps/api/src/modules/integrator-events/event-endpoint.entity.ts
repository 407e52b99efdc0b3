import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { IntegratorEventType } from '@sendbook/queue';

/** One previous signing secret as stored: sealed, with its expiry (ISO). */
export interface StoredPreviousSecret {
  readonly secret: string;
  readonly expires_at: string;
}

/** The dimensions an endpoint narrows its events by; a dimension left out is not narrowed. */
export interface EndpointFilter {
  readonly phone_number_ids?: readonly string[];
  readonly purposes?: readonly string[];
  readonly campaigns?: readonly string[];
}

/** An integrator's URL that Sendbook POSTs signed events to. */
@Entity({ name: 'event_endpoints' })
@Check('ck_event_endpoints_disabled_reason', `disabled_reason IS NULL OR disabled_reason IN ('admin', 'failing')`)
@Check('ck_event_endpoints_rate_per_second', `rate_per_second IS NULL OR rate_per_second BETWEEN 1 AND 1000`)
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

  /** `whsec_<base64>`: the Standard Webhooks signing secret, shown once at creation and at each rotation; sealed at rest. */
  @Column({ type: 'text' })
  secret!: string;

  /**
   * Secrets a rotation replaced that still sign beside `secret` until their expiry (`[{secret,
   * expires_at}]`, each sealed like `secret`; `previousSecretsAfterRotation` decides what stays).
   */
  @Column({ name: 'previous_secrets', type: 'jsonb', default: () => "'[]'" })
  previousSecrets!: StoredPreviousSecret[];

  @Column({ name: 'secret_rotated_at', type: 'timestamptz', nullable: true })
  secretRotatedAt!: Date | null;

  /**
   * Which events of its types it takes: `{phone_number_ids?, purposes?, campaigns?}`, each a
   * non-empty list; null takes them all. Applied by the SQL function `event_endpoint_accepts`
   * (migration EventEndpointFilters) wherever deliveries are made.
   */
  @Column({ type: 'jsonb', nullable: true })
  filter!: EndpointFilter | null;

  /** At most this many POSTs per second, across every worker (Redis, `reserveEndpointSlots`); null: no limit. */
  @Column({ name: 'rate_per_second', type: 'integer', nullable: true })
  ratePerSecond!: number | null;

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
