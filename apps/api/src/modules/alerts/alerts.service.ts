import type { Alert as AlertResource } from '@sendbook/api-contract';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { EventsPublisher } from '../events/events.publisher.js';
import type { Alert } from './alert.entity.js';
import { AlertsRepository } from './alerts.repository.js';

export interface RaiseAlert {
  /** The module raising it, e.g. `metrics` or `outbox`. */
  readonly source: string;
  /** One open alert per key: raising the same key while it is open only refreshes it. */
  readonly key: string;
  readonly title: string;
  readonly details?: Record<string, unknown> | null;
}

/** Alerts as work items: raised by any module, listed under kind=alert, resolved by a person. */
@Injectable()
export class AlertsService {
  constructor(
    private readonly repo: AlertsRepository,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly events: EventsPublisher,
  ) {}

  /** Idempotent while open: returns the open alert for the key, created now or earlier. */
  async raise(alert: RaiseAlert): Promise<{ alert: Alert; created: boolean }> {
    const raised = await this.repo.raise({ source: alert.source, key: alert.key, title: alert.title, details: alert.details ?? null }, this.clock.now());
    if (raised.created) {
      this.logger.event('warn', 'alert.raised', { key: alert.key, source: alert.source, title: alert.title });
      this.events.publish('work_item.changed', { kind: 'alert', change: 'created', alert_id: raised.alert.id, key: raised.alert.key });
    }
    return raised;
  }

  /** Closes the open alert for the key, if any (for a module whose condition cleared). */
  async resolve(key: string, by = 'system', note: string | null = null): Promise<Alert | null> {
    const resolved = await this.repo.resolveOpenByKey(key, { at: this.clock.now(), by, note });
    if (resolved) this.resolved(resolved);
    return resolved;
  }

  /** A person resolves an alert by id; who, when and the note are kept on it. */
  async resolveById(id: string, by: string, note: string | null) {
    const current = await this.get(id);
    if (current.state !== 'open')
      throw new DomainError(ErrorCode.InvalidStateTransition, `the alert is already resolved (by ${current.resolvedBy ?? 'unknown'})`);
    const resolved = await this.repo.resolveOpenById(id, { at: this.clock.now(), by, note });
    if (!resolved) throw new DomainError(ErrorCode.InvalidStateTransition, 'the alert changed meanwhile; look again');
    this.resolved(resolved);
    return { alert: presentAlert(resolved) };
  }

  async get(id: string): Promise<Alert> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findById(id) : null;
    if (!found) throw DomainError.notFound('alert');
    return found;
  }

  listOpen(limit: number): Promise<Alert[]> {
    return this.repo.listOpen(limit);
  }

  openCount(): Promise<number> {
    return this.repo.countOpen();
  }

  private resolved(alert: Alert): void {
    this.logger.event('info', 'alert.resolved', { key: alert.key, by: alert.resolvedBy });
    this.events.publish('work_item.changed', { kind: 'alert', change: 'resolved', alert_id: alert.id, key: alert.key });
  }
}

/** The public alert resource (snake_case). */
export function presentAlert(a: Alert): AlertResource {
  return {
    id: a.id,
    source: a.source,
    key: a.key,
    title: a.title,
    details: a.details,
    state: a.state,
    raised_at: a.raisedAt.toISOString(),
    last_raised_at: a.lastRaisedAt.toISOString(),
    raise_count: a.raiseCount,
    resolved_at: a.resolvedAt?.toISOString() ?? null,
    resolved_by: a.resolvedBy,
    resolution_note: a.resolutionNote,
  };
}
