import { SecretBox } from '../../common/crypto/secret-box.js';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MAX_ENDPOINT_SLOT_HORIZON_MS, nextDeliveryAttempt, shouldDisableEndpoint, signingSecretsAt } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { postSigned, type PostOutcome } from './endpoint-poster.js';
import { EndpointRateLimiter } from './endpoint-rate-limiter.js';
import { EventDeliveriesRepository, type ClaimedDelivery } from './event-deliveries.repository.js';
import { EventEndpointsRepository } from './event-endpoints.repository.js';
import { EventPayloadPresenter } from './event-payload.presenter.js';

/** The alert raised when Sendbook disables an endpoint, one per endpoint. */
export const failingEndpointAlertKey = (endpointId: string) => `event_endpoint.failing:${endpointId}`;

/**
 * Delivers integrator events at least once: every worker process polls for due deliveries, claims
 * them in PostgreSQL (per-endpoint concurrency and per-message order enforced in the claim) and
 * POSTs them without waiting for one endpoint before claiming for the next. A worker that dies
 * mid-POST leaves its claim to run out; the next claim POSTs the same event id again.
 */
@Injectable()
export class EventDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly settings: AppConfig['integratorEvents'];

  constructor(
    private readonly deliveries: EventDeliveriesRepository,
    private readonly endpoints: EventEndpointsRepository,
    private readonly payloads: EventPayloadPresenter,
    private readonly alerts: AlertsService,
    private readonly clock: Clock,
    work: BackgroundWork,
    private readonly logger: JsonLogger,
    private readonly box: SecretBox,
    private readonly rate: EndpointRateLimiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.tasks = work.tasks();
    this.settings = config.integratorEvents;
  }

  /** A claim outlives the longest POST, with room for the outcome's write (and a rate-limited POST's wait for its slot). */
  get leaseMs(): number {
    return this.settings.timeoutMs + Math.max(1_000, this.settings.timeoutMs) + Math.min(this.settings.pollIntervalMs, MAX_ENDPOINT_SLOT_HORIZON_MS);
  }

  onApplicationBootstrap(): void {
    this.tasks.every('integrator_events.deliver', () => this.tick());
    this.tasks.every('integrator_events.forget_secrets', () => this.forgetExpiredSecrets());
  }

  /** Previous signing secrets past their expiry (old events go by the day: IntegratorEventRetention). */
  async forgetExpiredSecrets(): Promise<number> {
    return this.endpoints.forgetExpiredSecrets(this.clock.now());
  }

  async onApplicationShutdown(): Promise<void> {
    this.tasks.stopAll();
    // In-flight POSTs are bounded by the time-out; their outcomes are worth recording.
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * One poll: claim what is due for every endpoint and start POSTing it. An endpoint with a
   * `rate_per_second` gets only as many claims as the limiter gives departure slots, each POSTed
   * at its slot; what gets none stays due, unclaimed, for a later poll.
   */
  async tick(): Promise<void> {
    const now = this.clock.now();
    for (const endpoint of await this.deliveries.endpointsWithDueWork(now)) {
      let slots: number[] = [];
      const perSecond = endpoint.ratePerSecond;
      const ration =
        perSecond === null
          ? undefined
          : async (claimable: number) => {
              slots = await this.rate.reserve(endpoint.id, perSecond, claimable);
              return slots.length;
            };
      const claimed = await this.deliveries.claim(endpoint.id, this.settings.concurrencyPerEndpoint, now, this.leaseMs, ration);
      claimed.forEach((delivery, i) => this.track(this.deliver(delivery, slots[i])));
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.logger.event('warn', 'integrator_event.delivery_error', { error }))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** The secrets that sign a delivery made at `at` (the current one, and previous ones still in their overlap), opened. */
  private openSecrets(d: ClaimedDelivery, at: Date): { ok: true; value: string[] } | { ok: false; error: string } {
    const previous = d.previousSecrets.map((p) => ({ secret: p.secret, expiresAt: new Date(p.expires_at) }));
    try {
      return { ok: true, value: signingSecretsAt(d.secret, previous, at).map((sealed) => this.box.open(sealed)) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async deliver(d: ClaimedDelivery, slotMs?: number): Promise<void> {
    // A rate-limited endpoint's POST leaves at its slot (at most one poll interval ahead).
    const waitMs = slotMs === undefined ? 0 : slotMs - this.clock.now().getTime();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    const at = this.clock.now();
    const body = this.payloads.body({ id: d.eventId, type: d.type, createdAt: new Date(d.eventCreatedAt), snapshot: d.snapshot });
    const secrets = this.openSecrets(d, at);
    // A secret that cannot be opened (its key was taken away before `reencrypt-secrets` ran) is a
    // failed attempt in the endpoint's history, like a refused connection, never a silent stall.
    const outcome: PostOutcome = secrets.ok
      ? await postSigned({
          url: d.url,
          secrets: secrets.value,
          eventId: d.eventId,
          body,
          at,
          timeoutMs: this.settings.timeoutMs,
          allowPrivate: this.settings.allowPrivate,
        })
      : { statusCode: null, latencyMs: 0, bodyExcerpt: null, error: secrets.error };
    const attempt = { ...outcome, at };
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) {
      await this.deliveries.finish(d, attempt, { delivered: true });
      await this.endpoints.recordSuccess(d.endpointId);
      return;
    }
    const now = this.clock.now();
    const schedule = { baseMs: this.settings.retryBaseMs, maxDelayMs: this.settings.retryMaxMs, giveUpAfterMs: this.settings.giveUpAfterMs };
    const next = nextDeliveryAttempt(d.attempts, new Date(d.eventCreatedAt), now, schedule, Math.random);
    await this.deliveries.finish(d, attempt, { delivered: false, retryAt: next.retry ? next.at : null });
    this.logger.event('info', 'integrator_event.delivery_failed', {
      endpoint_id: d.endpointId,
      event_id: d.eventId,
      attempt: d.attempts,
      status: outcome.statusCode,
      error: outcome.error,
      gave_up: !next.retry,
    });
    await this.countFailure(d.endpointId, outcome.statusCode, outcome.error, now);
  }

  /** Repeated failure disables the endpoint (its deliveries wait) and raises an alert for a person. */
  private async countFailure(endpointId: string, status: number | null, error: string | null, now: Date): Promise<void> {
    const streak = await this.endpoints.recordFailure(endpointId, now);
    if (!streak?.enabled) return;
    const rule = { minFailures: this.settings.disableAfterFailures, failingForMs: this.settings.disableAfterFailingMs };
    if (!shouldDisableEndpoint(streak.consecutiveFailures, new Date(streak.failingSince), now, rule)) return;
    // The alert first: raising is idempotent while open, so a crash between the two leaves an
    // alert and an endpoint the next failure disables, never a silently disabled endpoint.
    const endpoint = await this.endpoints.findById(endpointId);
    if (!endpoint) return;
    // Alerts are read by agents too; an endpoint's URL (which may carry a token) is for admins, on its own page.
    const name = endpoint.description ? `“${endpoint.description}”` : endpointId.slice(0, 8);
    await this.alerts.raise({
      source: 'integrator-events',
      key: failingEndpointAlertKey(endpointId),
      title: `Event endpoint ${name} disabled after ${streak.consecutiveFailures} failed deliveries in a row`,
      details: {
        endpoint_id: endpointId,
        description: endpoint.description,
        failures: streak.consecutiveFailures,
        failing_since: new Date(streak.failingSince).toISOString(),
        last_status: status,
        last_error: error,
      },
    });
    if (await this.endpoints.disableFailing(endpointId, now)) {
      this.logger.event('warn', 'integrator_event.endpoint_disabled', { endpoint_id: endpointId, failures: streak.consecutiveFailures });
    }
  }
}
