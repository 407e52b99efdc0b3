import type { EventDelivery as EventDeliveryResource, EventEndpoint as EventEndpointResource } from '@sendbook/api-contract';
import { previousSecretsExpireAt } from '@sendbook/queue';
import { isoTime as iso } from '../../common/iso-time.js';
import type { DeliveryView } from './event-deliveries.repository.js';
import type { EventEndpoint } from './event-endpoint.entity.js';

/** An endpoint as admins see it at `now`: never a secret, only when it was rotated and until when an old one still signs. */
export function presentEndpoint(e: EventEndpoint, now: Date): EventEndpointResource {
  const previous = e.previousSecrets.map((p) => ({ secret: null, expiresAt: new Date(p.expires_at) }));
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    filter: e.filter
      ? {
          ...(e.filter.phone_number_ids ? { phone_number_ids: [...e.filter.phone_number_ids] } : {}),
          ...(e.filter.purposes ? { purposes: [...e.filter.purposes] } : {}),
          ...(e.filter.campaigns ? { campaigns: [...e.filter.campaigns] } : {}),
        }
      : null,
    rate_per_second: e.ratePerSecond,
    secret_rotated_at: iso(e.secretRotatedAt),
    previous_secret_expires_at: iso(previousSecretsExpireAt(previous, now)),
    enabled: e.enabled,
    disabled_reason: e.disabledReason,
    consecutive_failures: e.consecutiveFailures,
    created_by: e.createdBy,
    created_at: new Date(e.createdAt).toISOString(),
    updated_at: new Date(e.updatedAt).toISOString(),
  };
}

export function presentDelivery(d: DeliveryView): EventDeliveryResource {
  return {
    id: d.id,
    event_id: d.eventId,
    type: d.type as EventDeliveryResource['type'],
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: iso(d.nextAttemptAt),
    last_status: d.lastStatus,
    last_error: d.lastError,
    delivered_at: iso(d.deliveredAt),
    created_at: new Date(d.createdAt).toISOString(),
    event_created_at: new Date(d.eventCreatedAt).toISOString(),
    recent_attempts: d.recentAttempts.map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
  };
}
