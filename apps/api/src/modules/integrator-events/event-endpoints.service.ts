import { SecretBox } from '../../common/crypto/secret-box.js';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_KEEP_OLD_HOURS, keepOldForMs, previousSecretsAfterRotation, previousSecretsExpireAt, type IntegratorEventType } from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { CreateEventEndpointDto, DeliveriesQueryDto, EventEndpointFilterDto, RotateSecretDto, UpdateEventEndpointDto } from './dto/event-endpoint.dto.js';
import { endpointUrlProblem } from './endpoint-address.js';
import { EventDeliveriesRepository } from './event-deliveries.repository.js';
import type { EndpointFilter, EventEndpoint } from './event-endpoint.entity.js';
import { EventEndpointsRepository } from './event-endpoints.repository.js';
import { presentDelivery, presentEndpoint } from './event-endpoints.presenter.js';
import { failingEndpointAlertKey } from './event-delivery.worker.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Event endpoints for admins: registered, changed, removed, and their deliveries looked at, replayed, recovered. */
@Injectable()
export class EventEndpointsService {
  constructor(
    private readonly endpoints: EventEndpointsRepository,
    private readonly deliveries: EventDeliveriesRepository,
    private readonly audit: AuditService,
    private readonly alerts: AlertsService,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list() {
    const now = this.clock.now();
    return { data: (await this.endpoints.list()).map((e) => presentEndpoint(e, now)) };
  }

  async create(dto: CreateEventEndpointDto, by: Principal) {
    const url = await this.checkedUrl(dto.url);
    const secret = newSigningSecret();
    const actor = actorOf(by);
    // Sealed at rest (APP_ENCRYPTION_KEY); shown to the caller this once, in the clear.
    const created = await this.endpoints.insert(
      {
        url,
        description: dto.description?.trim() || null,
        events: unique(dto.events),
        secret: this.box.seal(secret),
        filter: filterOf(dto.filter),
        ratePerSecond: dto.rate_per_second ?? null,
        createdBy: actor,
      },
      this.clock.now(),
    );
    await this.audit.record({
      actor,
      action: 'event_endpoint.created',
      subjectType: 'event_endpoint',
      subjectId: created.id,
      details: { url, events: created.events, filter: created.filter, rate_per_second: created.ratePerSecond },
    });
    return { endpoint: presentEndpoint(created, this.clock.now()), secret };
  }

  async update(id: string, dto: UpdateEventEndpointDto, by: Principal) {
    const before = await this.get(id);
    const url = dto.url === undefined ? undefined : await this.checkedUrl(dto.url);
    const description = dto.description === undefined ? undefined : dto.description.trim() || null;
    const updated = await this.endpoints.update(
      id,
      {
        url,
        description,
        events: dto.events && unique(dto.events),
        enabled: dto.enabled,
        filter: dto.filter === undefined ? undefined : filterOf(dto.filter),
        ratePerSecond: dto.rate_per_second,
      },
      this.clock.now(),
    );
    if (!updated) throw DomainError.notFound('event endpoint');
    const actor = actorOf(by);
    if (dto.enabled === true && !before.enabled) await this.alerts.resolve(failingEndpointAlertKey(id), actor, 'endpoint enabled again');
    await this.audit.record({ actor, action: 'event_endpoint.updated', subjectType: 'event_endpoint', subjectId: id, details: { ...dto } });
    return { endpoint: presentEndpoint(updated, this.clock.now()) };
  }

  /**
   * A new signing secret, shown this once. The one it replaces keeps signing beside it for
   * `keep_old_for_hours` (`previousSecretsAfterRotation`: an earlier previous secret still in its
   * overlap keeps its own expiry; 0 ends them all). Sealed at rest like the current one, written only
   * over the secret read (two admins rotating at once: one wins, the other is told so), audited.
   */
  async rotateSecret(id: string, dto: RotateSecretDto, by: Principal) {
    const keepHours = dto.keep_old_for_hours ?? DEFAULT_KEEP_OLD_HOURS;
    const keepMs = keepOldForMs(keepHours);
    const found = await this.get(id);
    const now = this.clock.now();
    const previous = previousSecretsAfterRotation(
      found.secret,
      found.previousSecrets.map((p) => ({ secret: p.secret, expiresAt: new Date(p.expires_at) })),
      keepMs,
      now,
    );
    const secret = newSigningSecret();
    const rotated = await this.endpoints.rotateSecret(
      id,
      found.secret,
      { secret: this.box.seal(secret), previous: previous.map((p) => ({ secret: p.secret, expires_at: p.expiresAt.toISOString() })) },
      now,
    );
    if (!rotated) {
      await this.get(id);
      throw new DomainError(ErrorCode.InvalidStateTransition, 'its secret was rotated by someone else just now; look again before rotating it');
    }
    const expiresAt = previousSecretsExpireAt(previous, now);
    await this.audit.record({
      actor: actorOf(by),
      action: 'event_endpoint.secret_rotated',
      subjectType: 'event_endpoint',
      subjectId: id,
      details: { keep_old_for_hours: keepHours, previous_secrets: previous.length, previous_secret_expires_at: expiresAt?.toISOString() ?? null },
    });
    return { endpoint: presentEndpoint(rotated, now), secret };
  }

  async delete(id: string, by: Principal): Promise<void> {
    const found = await this.get(id);
    if (!(await this.endpoints.delete(id))) throw DomainError.notFound('event endpoint');
    await this.alerts.resolve(failingEndpointAlertKey(id), actorOf(by), 'endpoint deleted');
    await this.audit.record({
      actor: actorOf(by),
      action: 'event_endpoint.deleted',
      subjectType: 'event_endpoint',
      subjectId: id,
      details: { url: found.url },
    });
  }

  async listDeliveries(id: string, query: DeliveriesQueryDto) {
    await this.get(id);
    return { data: (await this.deliveries.listForEndpoint(id, query.limit ?? 50, { state: query.state })).map(presentDelivery) };
  }

  async replay(id: string, deliveryId: string, by: Principal) {
    await this.get(id);
    const found = UUID.test(deliveryId) ? await this.deliveries.findOne(id, deliveryId) : null;
    if (!found) throw DomainError.notFound('delivery');
    const replayed = await this.deliveries.replay(id, deliveryId, this.clock.now());
    if (!replayed) throw new DomainError(ErrorCode.InvalidStateTransition, 'this delivery is being made right now; look again in a moment');
    await this.audit.record({
      actor: actorOf(by),
      action: 'event_delivery.replayed',
      subjectType: 'event_endpoint',
      subjectId: id,
      details: { delivery_id: deliveryId, event_id: found.eventId },
    });
    return { delivery: presentDelivery(replayed) };
  }

  async recover(id: string, since: string, by: Principal) {
    await this.get(id);
    const from = new Date(since);
    if (from.getTime() > this.clock.now().getTime()) throw DomainError.validation([{ field: 'since', message: 'must not be in the future' }]);
    const owed = await this.deliveries.recover(id, from, this.clock.now());
    await this.audit.record({
      actor: actorOf(by),
      action: 'event_endpoint.recovered',
      subjectType: 'event_endpoint',
      subjectId: id,
      details: { since: from.toISOString(), owed },
    });
    return { owed };
  }

  private async get(id: string): Promise<EventEndpoint> {
    const found = UUID.test(id) ? await this.endpoints.findById(id) : null;
    if (!found) throw DomainError.notFound('event endpoint');
    return found;
  }

  private async checkedUrl(text: string): Promise<string> {
    const url = text.trim();
    const problem = await endpointUrlProblem(url, this.config.integratorEvents.allowPrivate);
    if (problem) throw DomainError.validation([{ field: 'url', message: problem }]);
    return new URL(url).toString();
  }
}

const unique = (events: readonly IntegratorEventType[]): IntegratorEventType[] => [...new Set(events)];

/** The filter as stored: the lists given, null when none is (`{}` takes everything, as null does). */
function filterOf(dto: EventEndpointFilterDto | null | undefined): EndpointFilter | null {
  if (!dto) return null;
  const filter: EndpointFilter = {
    ...(dto.phone_number_ids ? { phone_number_ids: dto.phone_number_ids } : {}),
    ...(dto.purposes ? { purposes: dto.purposes } : {}),
    ...(dto.campaigns ? { campaigns: dto.campaigns } : {}),
  };
  return Object.keys(filter).length === 0 ? null : filter;
}
