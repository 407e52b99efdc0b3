import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { mapRawRow } from '../../database/raw-rows.js';
import type { Alert } from '../alerts/alert.entity.js';
import { INBOUND_SELECT, toInbound, type InboundView } from '../conversations/inbound-rows.js';
import { OutboundMessage } from '../outbox/outbound-message.entity.js';
import type { DeliverySummary } from '../webhooks/webhooks.repository.js';
import type { WorkItemKind } from './dto/work-items-query.dto.js';
import type { QueuePosition } from './domain/work-item-paging.js';

export interface QueueFilter {
  readonly phoneNumberId?: string;
  readonly purpose?: string;
  readonly errorCode?: string;
  /** Items that have waited since before this instant. */
  readonly since?: Date;
  readonly newestFirst: boolean;
  readonly after?: QueuePosition;
  readonly limit: number;
}

/** A decision somebody made on an item: shown in the Resolved tab. */
export interface Resolution {
  readonly action: string;
  readonly actor: string;
  readonly note: string | null;
  readonly at: Date;
}

/** A customer waiting past their team's response target (open), or a wait past target that ended (resolved). */
export interface WaitingCustomer {
  readonly conversationId: string;
  readonly phoneNumberId: string;
  readonly contact: { readonly id: string; readonly name: string | null; readonly waId: string | null; readonly userId: string | null };
  /** Open: the team its number is routed to now; resolved: the team it was measured against. */
  readonly team: { readonly id: string; readonly name: string } | null;
  /** Who holds it (open), or held it when the wait ended (resolved): a staff id. */
  readonly assignee: string | null;
  readonly assigneeName: string | null;
  readonly waitingFor: 'first_response' | 'next_response' | null;
  readonly waitingSince: Date | null;
  readonly dueAt: Date | null;
  readonly breachedAt: Date | null;
}

export type Positioned<T> = { row: T; at: Date; position: QueuePosition; conversationId?: string | null; resolution?: Resolution };

const US = (expr: string) => `(extract(epoch from ${expr}) * 1000000)::bigint`;
/** Decided already: dismissed, or (a failed message) resent as a new one. */
const DISMISSED = (subjectType: string, idExpr: string) =>
  `EXISTS (SELECT 1 FROM audit_events d WHERE d.subject_type = '${subjectType}' AND d.subject_id = ${idExpr}::text AND d.action IN ('work_item.dismissed', 'message.resent'))`;
/** The thread a message to this contact belongs to, for a link from the queue to the conversation. */
const CONVERSATION_OF = `(SELECT c.id FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE c.phone_number_id = o.phone_number_id AND o.to_wa_id IN (k.wa_id, k.user_id) LIMIT 1)`;

/**
 * The work queues, read side by side from the rows they are made of (the outbox, inbound
 * attributions, stored deliveries, alerts), with filters and keyset pages; and the decisions
 * already taken, read back from each row's own audit trail.
 */
@Injectable()
export class WorkItemsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async openMessages(kind: 'stuck_sending' | 'failed' | 'held', f: QueueFilter, stuckBefore: Date): Promise<Positioned<OutboundMessage>[]> {
    const since = { stuck_sending: 'o.sending_started_at', failed: 'COALESCE(o.failed_at, o.updated_at)', held: 'o.updated_at' }[kind];
    const params: unknown[] = [];
    const where = [
      kind === 'stuck_sending' ? `o.state = 'sending' AND o.sending_started_at < $${params.push(stuckBefore)}` : `o.state = '${kind}'`,
      ...(kind === 'failed' ? [`NOT ${DISMISSED('outbound_message', 'o.id')}`] : []),
      ...this.messageFilters(f, since, params),
    ];
    return this.messages(
      `SELECT o.*, ${US(since)} AS at_us, ${since} AS since_at, ${CONVERSATION_OF} AS conversation_id FROM outbound_messages o WHERE ${where.join(' AND ')}`,
      f,
      params,
    );
  }

  async resolvedMessages(kind: 'stuck_sending' | 'failed' | 'held', f: QueueFilter): Promise<Positioned<OutboundMessage>[]> {
    const params: unknown[] = [];
    const decisions =
      kind === 'failed'
        ? `SELECT r.id AS event_id, r.subject_id::uuid AS message_id, r.action, r.actor, r.details->>'note' AS note, r.at FROM audit_events r
            WHERE r.subject_type = 'outbound_message' AND r.action IN ('work_item.dismissed', 'message.resent')`
        : `SELECT r.id::text AS event_id, r.message_id, substring(r.reason from 'resolved by hand: (.*)') AS action, r.actor, r.details->>'note' AS note, r.at FROM outbound_message_events r
            WHERE r.from_state = '${kind === 'stuck_sending' ? 'sending' : 'held'}' AND r.reason LIKE 'resolved by hand:%'`;
    const where = this.messageFilters(f, 'r.at', params);
    return this.messages(
      `SELECT o.*, ${US('r.at')} AS at_us, r.at AS since_at, ${CONVERSATION_OF} AS conversation_id, r.action AS r_action, r.actor AS r_actor, r.note AS r_note, r.at AS r_at
         FROM (${decisions}) r JOIN outbound_messages o ON o.id = r.message_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      f,
      params,
    );
  }

  async openInbound(f: QueueFilter): Promise<Positioned<InboundView>[]> {
    const params: unknown[] = [];
    const where = [`a.attribution = 'unattributed'`, ...this.inboundFilters(f, params)];
    const rows = await this.page<Record<string, unknown>>(`SELECT * FROM (${this.inboundSelect('i.created_at')} WHERE ${where.join(' AND ')}) t`, f, params);
    return rows.map((r) => ({ row: toInbound(r), ...this.position(r) }));
  }

  async resolvedInbound(f: QueueFilter): Promise<Positioned<InboundView>[]> {
    const params: unknown[] = [];
    const where = [`ev.before->>'attribution' = 'unattributed'`, ...this.inboundFilters({ ...f, since: undefined }, params)];
    if (f.since) where.push(`ev.at < $${params.push(f.since)}`);
    const select = INBOUND_SELECT.replace(
      'SELECT i.id,',
      `SELECT ${US('ev.at')} AS at_us, ev.at AS since_at, ev.actor AS r_actor, ev.note AS r_note, ev.at AS r_at, i.id,`,
    ).replace('FROM inbound_messages i', 'FROM inbound_attribution_events ev JOIN inbound_messages i ON i.id = ev.inbound_message_id');
    const rows = await this.page<Record<string, unknown>>(`SELECT * FROM (${select} WHERE ${where.join(' AND ')}) t`, f, params);
    return rows.map((r) => ({
      row: toInbound(r),
      ...this.position(r),
      resolution: { action: 'attribute', actor: r.r_actor as string, note: (r.r_note as string | null) ?? null, at: new Date(r.r_at as string) },
    }));
  }

  async openPoison(f: QueueFilter): Promise<Positioned<DeliverySummary>[]> {
    const params: unknown[] = [];
    const where = [`w.state = 'poison'`, `NOT ${DISMISSED('webhook_delivery', 'w.id')}`];
    if (f.since) where.push(`w.received_at < $${params.push(f.since)}`);
    const rows = await this.page<Record<string, unknown>>(
      `SELECT * FROM (SELECT w.id, w.state, w.received_at, w.attempts, w.processed_at, w.last_error, octet_length(w.body) AS size, w.events_total,
              ${US('w.received_at')} AS at_us, w.received_at AS since_at FROM webhook_deliveries w WHERE ${where.join(' AND ')}) t`,
      f,
      params,
    );
    return rows.map((r) => ({ row: toDelivery(r), ...this.position(r) }));
  }

  async resolvedPoison(f: QueueFilter): Promise<Positioned<DeliverySummary>[]> {
    const params: unknown[] = [];
    const where = [`r.subject_type = 'webhook_delivery'`, `r.action IN ('work_item.dismissed', 'webhook.replayed')`];
    if (f.since) where.push(`r.at < $${params.push(f.since)}`);
    const rows = await this.page<Record<string, unknown>>(
      `SELECT * FROM (SELECT w.id, w.state, w.received_at, w.attempts, w.processed_at, w.last_error, octet_length(w.body) AS size, w.events_total,
              ${US('r.at')} AS at_us, r.at AS since_at, r.action AS r_action, r.actor AS r_actor, r.details->>'note' AS r_note, r.at AS r_at
         FROM audit_events r JOIN webhook_deliveries w ON w.id::text = r.subject_id WHERE ${where.join(' AND ')}) t`,
      f,
      params,
    );
    return rows.map((r) => ({ row: toDelivery(r), ...this.position(r), resolution: resolutionOf(r) }));
  }

  async alerts(state: 'open' | 'resolved', f: QueueFilter): Promise<Positioned<Alert>[]> {
    const params: unknown[] = [];
    const since = state === 'open' ? 'raised_at' : 'resolved_at';
    const where = [`state = '${state}'`];
    if (f.since) where.push(`${since} < $${params.push(f.since)}`);
    const rows = await this.page<Record<string, unknown>>(
      `SELECT * FROM (SELECT id, source, key, title, details, state, raised_at AS "raisedAt", last_raised_at AS "lastRaisedAt", raise_count AS "raiseCount",
              resolved_at AS "resolvedAt", resolved_by AS "resolvedBy", resolution_note AS "resolutionNote", ${US(since)} AS at_us, ${since} AS since_at
         FROM alerts WHERE ${where.join(' AND ')}) t`,
      f,
      params,
    );
    return rows.map((r) => {
      const alert = r as unknown as Alert;
      const resolution =
        state === 'resolved'
          ? { action: 'resolve', actor: alert.resolvedBy ?? 'system', note: alert.resolutionNote, at: new Date(alert.resolvedAt!) }
          : undefined;
      return { row: alert, ...this.position(r), ...(resolution ? { resolution } : {}) };
    });
  }

  /**
   * Conversations whose customer waits past the team's target (`sla_breached_at`, set and cleared by
   * the conversations module): read here, never written. Oldest breach first.
   */
  async openWaiting(f: QueueFilter): Promise<Positioned<WaitingCustomer>[]> {
    const params: unknown[] = [];
    const where = ['c.sla_breached_at IS NOT NULL'];
    if (f.phoneNumberId) where.push(`c.phone_number_id = $${params.push(f.phoneNumberId)}`);
    if (f.since) where.push(`c.sla_breached_at < $${params.push(f.since)}`);
    const rows = await this.page<Record<string, unknown>>(
      `SELECT * FROM (SELECT c.id, c.phone_number_id, c.contact_id, k.name AS contact_name, k.wa_id, k.user_id, tm.id AS team_id, tm.name AS team_name,
              c.assignee, s.name AS assignee_name, c.waiting_for, c.waiting_since, c.response_due_at AS due_at, c.sla_breached_at AS breached_at,
              ${US('c.sla_breached_at')} AS at_us, c.sla_breached_at AS since_at
         FROM conversations c
         JOIN contacts k ON k.id = c.contact_id
         LEFT JOIN staff s ON s.id::text = c.assignee
         LEFT JOIN team_numbers tn ON tn.phone_number_id = c.phone_number_id
         LEFT JOIN teams tm ON tm.id = tn.team_id
        WHERE ${where.join(' AND ')}) t`,
      f,
      params,
    );
    return rows.map((r) => ({ row: toWaiting(r), ...this.position(r), conversationId: r.id as string }));
  }

  /**
   * Waits past target that ended: the `conversation.sla_resolved` audit rows (who replied, or that it
   * was closed), newest first by default, each with what the breach before it recorded (the target).
   */
  async resolvedWaiting(f: QueueFilter): Promise<Positioned<WaitingCustomer>[]> {
    const params: unknown[] = [];
    const where = [`r.subject_type = 'conversation'`, `r.action = 'conversation.sla_resolved'`];
    if (f.phoneNumberId) where.push(`c.phone_number_id = $${params.push(f.phoneNumberId)}`);
    if (f.since) where.push(`r.at < $${params.push(f.since)}`);
    const rows = await this.page<Record<string, unknown>>(
      `SELECT * FROM (SELECT c.id, c.phone_number_id, c.contact_id, k.name AS contact_name, k.wa_id, k.user_id,
              tm.id AS team_id, tm.name AS team_name, r.details->>'assignee' AS assignee, s.name AS assignee_name,
              COALESCE(b.details->>'waiting_for', r.details->>'waiting_for') AS waiting_for, r.details->>'waiting_since' AS waiting_since,
              COALESCE(b.details->>'due_at', r.details->>'due_at') AS due_at, r.details->>'breached_at' AS breached_at,
              r.details->>'reason' AS r_action, r.details->>'by' AS r_by, r.actor AS r_actor, r.at AS r_at,
              ${US('r.at')} AS at_us, r.at AS since_at
         FROM audit_events r
         JOIN conversations c ON c.id::text = r.subject_id
         JOIN contacts k ON k.id = c.contact_id
         LEFT JOIN teams tm ON tm.id::text = r.details->>'team_id'
         LEFT JOIN staff s ON s.id::text = r.details->>'assignee'
         LEFT JOIN LATERAL (
           SELECT b.details FROM audit_events b
            WHERE b.subject_type = 'conversation' AND b.subject_id = r.subject_id AND b.action = 'conversation.sla_breached' AND b.at <= r.at
            ORDER BY b.at DESC LIMIT 1) b ON true
        WHERE ${where.join(' AND ')}) t`,
      f,
      params,
    );
    return rows.map((r) => {
      const by = typeof r.r_by === 'string' && r.r_by ? `staff:${r.r_by}` : (r.r_actor as string);
      return {
        row: toWaiting(r),
        ...this.position(r),
        conversationId: r.id as string,
        resolution: { action: String(r.r_action ?? 'resolved'), actor: by, note: null, at: new Date(r.r_at as string) },
      };
    });
  }

  /** Open items per queue, and how long the oldest has waited: the navigation's live counts. */
  async counts(stuckBefore: Date): Promise<Record<WorkItemKind, { open: number; oldest: Date | null }>> {
    const [row] = await queryRows<Record<string, string | Date | null>>(
      this.dataSource,
      `SELECT
         (SELECT count(*) FROM outbound_messages o WHERE o.state = 'sending' AND o.sending_started_at < $1) AS stuck_sending,
         (SELECT min(o.sending_started_at) FROM outbound_messages o WHERE o.state = 'sending' AND o.sending_started_at < $1) AS stuck_sending_oldest,
         (SELECT count(*) FROM outbound_messages o WHERE o.state = 'failed' AND NOT ${DISMISSED('outbound_message', 'o.id')}) AS failed,
         (SELECT min(COALESCE(o.failed_at, o.updated_at)) FROM outbound_messages o WHERE o.state = 'failed' AND NOT ${DISMISSED('outbound_message', 'o.id')}) AS failed_oldest,
         (SELECT count(*) FROM outbound_messages o WHERE o.state = 'held') AS held,
         (SELECT min(o.updated_at) FROM outbound_messages o WHERE o.state = 'held') AS held_oldest,
         (SELECT count(*) FROM inbound_attributions a WHERE a.attribution = 'unattributed') AS unattributed_inbound,
         (SELECT min(a.created_at) FROM inbound_attributions a WHERE a.attribution = 'unattributed') AS unattributed_inbound_oldest,
         (SELECT count(*) FROM webhook_deliveries w WHERE w.state = 'poison' AND NOT ${DISMISSED('webhook_delivery', 'w.id')}) AS poison_webhook,
         (SELECT min(w.received_at) FROM webhook_deliveries w WHERE w.state = 'poison' AND NOT ${DISMISSED('webhook_delivery', 'w.id')}) AS poison_webhook_oldest,
         (SELECT count(*) FROM alerts WHERE state = 'open') AS alert,
         (SELECT min(raised_at) FROM alerts WHERE state = 'open') AS alert_oldest,
         (SELECT count(*) FROM conversations c WHERE c.sla_breached_at IS NOT NULL) AS waiting_customer,
         (SELECT min(c.sla_breached_at) FROM conversations c WHERE c.sla_breached_at IS NOT NULL) AS waiting_customer_oldest`,
      [stuckBefore],
    );
    const kinds: WorkItemKind[] = ['stuck_sending', 'failed', 'held', 'unattributed_inbound', 'poison_webhook', 'alert', 'waiting_customer'];
    return Object.fromEntries(
      kinds.map((k) => [k, { open: Number(row![k]), oldest: row![`${k}_oldest`] ? new Date(row![`${k}_oldest`] as string) : null }]),
    ) as Record<WorkItemKind, { open: number; oldest: Date | null }>;
  }

  /** Ids of open items a bulk action would touch (at most `limit + 1`, so the caller can tell "more than allowed"). */
  async openIds(kind: WorkItemKind, f: Omit<QueueFilter, 'after' | 'newestFirst' | 'limit'>, stuckBefore: Date, limit: number): Promise<string[]> {
    const filter: QueueFilter = { ...f, newestFirst: false, limit: limit + 1 };
    if (kind === 'stuck_sending' || kind === 'failed' || kind === 'held') return (await this.openMessages(kind, filter, stuckBefore)).map((p) => p.row.id);
    if (kind === 'poison_webhook') return (await this.openPoison(filter)).map((p) => p.row.id);
    if (kind === 'alert') return (await this.alerts('open', filter)).map((p) => p.row.id);
    if (kind === 'waiting_customer') return (await this.openWaiting(filter)).map((p) => p.row.conversationId);
    return (await this.openInbound(filter)).map((p) => p.row.id);
  }

  private async messages(select: string, f: QueueFilter, params: unknown[]): Promise<Positioned<OutboundMessage>[]> {
    const rows = await this.page<Record<string, unknown>>(`SELECT * FROM (${select}) t`, f, params);
    const metadata = this.dataSource.getMetadata(OutboundMessage);
    return rows.map((r) => ({
      row: mapRawRow<OutboundMessage>(metadata, r),
      ...this.position(r),
      conversationId: (r.conversation_id as string | null) ?? null,
      ...(r.r_at ? { resolution: resolutionOf(r) } : {}),
    }));
  }

  private messageFilters(f: QueueFilter, since: string, params: unknown[]): string[] {
    const where: string[] = [];
    if (f.phoneNumberId) where.push(`o.phone_number_id = $${params.push(f.phoneNumberId)}`);
    if (f.purpose) where.push(`o.purpose = $${params.push(f.purpose)}`);
    if (f.errorCode) where.push(`o.last_error->>'code' = $${params.push(f.errorCode)}`);
    if (f.since) where.push(`${since} < $${params.push(f.since)}`);
    return where;
  }

  private inboundFilters(f: QueueFilter, params: unknown[]): string[] {
    const where: string[] = [];
    if (f.phoneNumberId) where.push(`i.phone_number_id = $${params.push(f.phoneNumberId)}`);
    if (f.since) where.push(`i.created_at < $${params.push(f.since)}`);
    return where;
  }

  private inboundSelect(since: string): string {
    return INBOUND_SELECT.replace('SELECT i.id,', `SELECT ${US(since)} AS at_us, ${since} AS since_at, i.id,`);
  }

  /** The keyset page of an inner SELECT that has `at_us` and `id`. */
  private page<T>(inner: string, f: QueueFilter, params: unknown[]): Promise<T[]> {
    const dir = f.newestFirst ? 'DESC' : 'ASC';
    const cmp = f.newestFirst ? '<' : '>';
    const where = f.after ? `WHERE (at_us, id) ${cmp} ($${params.push(f.after.atUs.toString())}::bigint, $${params.push(f.after.id)}::uuid)` : '';
    return queryRows<T>(this.dataSource, `SELECT * FROM (${inner}) q ${where} ORDER BY at_us ${dir}, id ${dir} LIMIT $${params.push(f.limit)}`, params);
  }

  private position(r: Record<string, unknown>): { at: Date; position: QueuePosition } {
    return { at: new Date(r.since_at as string), position: { atUs: BigInt(r.at_us as string), id: r.id as string } };
  }
}

function resolutionOf(r: Record<string, unknown>): Resolution {
  const action = String(r.r_action ?? 'resolve')
    .replace(/^work_item\./, '')
    .replace(/^message\./, '')
    .replace(/^webhook\./, '');
  return { action, actor: r.r_actor as string, note: (r.r_note as string | null) ?? null, at: new Date(r.r_at as string) };
}

const dateOrNull = (v: unknown): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v as string);
  return Number.isNaN(d.getTime()) ? null : d;
};

function toWaiting(r: Record<string, unknown>): WaitingCustomer {
  const waitingFor = r.waiting_for === 'first_response' || r.waiting_for === 'next_response' ? r.waiting_for : null;
  return {
    conversationId: r.id as string,
    phoneNumberId: r.phone_number_id as string,
    contact: {
      id: r.contact_id as string,
      name: (r.contact_name as string | null) ?? null,
      waId: (r.wa_id as string | null) ?? null,
      userId: (r.user_id as string | null) ?? null,
    },
    team: r.team_id ? { id: r.team_id as string, name: r.team_name as string } : null,
    assignee: (r.assignee as string | null) || null,
    assigneeName: (r.assignee_name as string | null) ?? null,
    waitingFor,
    waitingSince: dateOrNull(r.waiting_since),
    dueAt: dateOrNull(r.due_at),
    breachedAt: dateOrNull(r.breached_at),
  };
}

function toDelivery(r: Record<string, unknown>): DeliverySummary {
  return {
    id: r.id as string,
    state: r.state as string,
    receivedAt: new Date(r.received_at as string),
    attempts: r.attempts as number,
    processedAt: r.processed_at ? new Date(r.processed_at as string) : null,
    lastError: (r.last_error as Record<string, unknown> | null) ?? null,
    size: Number(r.size),
    eventsTotal: (r.events_total as number | null) ?? null,
  };
}
