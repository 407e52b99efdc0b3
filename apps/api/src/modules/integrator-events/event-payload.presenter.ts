import { Injectable } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { Alert } from '../alerts/alert.entity.js';
import { presentAlert } from '../alerts/alerts.service.js';
import { presentInbound } from '../conversations/conversations.presenter.js';
import { toInbound } from '../conversations/inbound-rows.js';
import { presentMessage } from '../outbox/message.presenter.js';
import { OutboundMessage } from '../outbox/outbound-message.entity.js';

/** An event as stored: what the trigger wrote (migration IntegratorEventTriggers). */
export interface StoredEvent {
  readonly id: string;
  readonly type: string;
  readonly createdAt: Date;
  readonly snapshot: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/**
 * The body POSTed for an event: `{id, type, created_at, data}`, its resources built from the
 * trigger's row snapshots by the same presenters as the REST API, so both have one shape.
 */
@Injectable()
export class EventPayloadPresenter {
  constructor(private readonly dataSource: DataSource) {}

  body(event: StoredEvent): string {
    return JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: this.data(event.type, event.snapshot) });
  }

  data(type: string, s: Json): Json {
    switch (type) {
      case 'message.state_changed':
      case 'message.failed': {
        const message = presentMessage(this.entity(OutboundMessage, s.message as Json));
        const data: Json = { message, previous_state: s.previous_state ?? null, trigger_ref: message.trigger_ref, reason: s.reason ?? null };
        return type === 'message.failed' ? { ...data, error: message.last_error } : data;
      }
      case 'inbound.received':
        return { inbound: presentInbound(toInbound(s.inbound as Json)) };
      case 'inbound.attributed': {
        const inbound = presentInbound(toInbound(s.inbound as Json));
        const message = s.message ? presentMessage(this.entity(OutboundMessage, s.message as Json)) : null;
        return {
          inbound,
          message,
          choice: inbound.choice,
          context_wamid: inbound.context_wamid,
          dedupe_key: message?.dedupe_key ?? null,
          trigger_ref: message?.trigger_ref ?? null,
        };
      }
      case 'work_item.opened':
      case 'work_item.resolved':
        return this.workItem(s);
      case 'conversation.assigned': {
        const d = (s.details ?? {}) as Json;
        return {
          conversation: s.conversation,
          assignment: { from: d.from ?? null, to: d.to ?? null, reason: d.reason ?? null, team_id: d.team_id ?? null },
          actor: s.actor,
        };
      }
      case 'conversation.sla_breached': {
        const d = (s.details ?? {}) as Json;
        return {
          conversation: s.conversation,
          response: { waiting_for: d.waiting_for, waiting_since: d.waiting_since, due_at: d.due_at },
          team_id: d.team_id ?? null,
          assignee: d.assignee ?? null,
        };
      }
      default:
        return s;
    }
  }

  /** An alert, or a message, inbound message or stored webhook whose state is a work item (migrations IntegratorWorkItemEvents, IntegratorPoisonWebhookEvents). */
  private workItem(s: Json): Json {
    if (s.conversation) {
      const conversation = s.conversation as Json;
      const item = s.work_item as { kind: string; state: string };
      return { work_item: { kind: item.kind, id: conversation.id, state: item.state }, conversation, details: s.details ?? null };
    }
    if (s.alert) {
      const alert = presentAlert(this.entity(Alert, s.alert as Json));
      return { work_item: { kind: 'alert', id: alert.id, title: alert.title, state: alert.state }, alert };
    }
    const item = s.work_item as { kind: string; state: string };
    if (s.delivery) {
      const delivery = s.delivery as Json;
      return { work_item: { kind: item.kind, id: delivery.id, state: item.state }, delivery, reason: s.reason ?? null };
    }
    if (s.message) {
      const message = presentMessage(this.entity(OutboundMessage, s.message as Json));
      return { work_item: { kind: item.kind, id: message.id, state: item.state }, message, trigger_ref: message.trigger_ref, reason: s.reason ?? null };
    }
    const inbound = presentInbound(toInbound(s.inbound as Json));
    return { work_item: { kind: item.kind, id: inbound.id, state: item.state }, inbound };
  }

  /** A row's JSON (snake_case columns, ISO timestamps) as its entity, by TypeORM's own column map. */
  private entity<T extends ObjectLiteral>(target: EntityTarget<T>, row: Json): T {
    const out: Json = {};
    for (const column of this.dataSource.getMetadata(target).columns) {
      const value = row[column.databaseName];
      out[column.propertyName] = value === undefined || value === null ? null : column.type === 'timestamptz' ? new Date(value as string) : value;
    }
    return out as T;
  }
}
