import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiKeyScope } from '../../common/auth/principal.js';

/** An integrator's key. Only its SHA-256 is stored; the key itself is shown once, at creation. */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** The integrator it belongs to: keys of one integration read each other's messages (a rotation). */
  @Index('ix_api_keys_integration')
  @Column({ type: 'text' })
  integration!: string;

  @Index('uq_api_keys_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  /** First characters of the key, so an operator can tell keys apart without the secret. */
  @Column({ name: 'key_prefix', type: 'text' })
  keyPrefix!: string;

  /** What the key may do: `send` (enqueue, read its own messages) and/or `admin` (everything). */
  @Column({ type: 'text', array: true })
  scopes!: ApiKeyScope[];

  /** Who made it: `staff:<id>`, `api_key:<id>`, or `bootstrap` / `cli`. */
  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Written at most once a minute per key and process. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** Refused from this moment on (within a second on every instance); null: until revoked. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** The business numbers it may send from; null: any. */
  @Column({ name: 'phone_number_ids', type: 'text', array: true, nullable: true })
  phoneNumberIds!: string[] | null;

  /** The highest `priority` it may ask for; null: below agent replies for a `send` key, none for an `admin` key. */
  @Column({ name: 'max_priority', type: 'integer', nullable: true })
  maxPriority!: number | null;

  /** Requests per minute (a minute's worth at once, then evenly); beyond it 429. Null: no limit. */
  @Column({ name: 'rate_per_minute', type: 'integer', nullable: true })
  ratePerMinute!: number | null;
}
