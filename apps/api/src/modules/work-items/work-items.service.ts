import { Inject, Injectable } from '@nestjs/common';
import type { Alert as AlertResource, Inbound, Message } from '@sendbook/api-contract';
import { derivedDedupeKey } from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { isoTime } from '../../common/iso-time.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { presentAlert } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import { presentInbound } from '../conversations/conversations.presenter.js';
import type { OutboundMessage } from '../outbox/outbound-message.entity.js';
import { MessageFollowUpsService } from '../outbox/message-follow-ups.service.js';
import { MessagesService } from '../outbox/messages.service.js';
import type { DeliverySummary } from '../webhooks/webhooks.repository.js';
import type { WorkItemKind, WorkItemsQuery } from './dto/work-items-query.dto.js';
import { waitedSeconds } from './domain/waited-seconds.js';
import { decodeQueueCursor, durationMs, encodeQueueCursor } from './domain/work-item-paging.js';
import { WorkItemsRepository, type Positioned, type QueueFilter, type Resolution, type WaitingCustomer } from './work-items.repository.js';

const DEFAULT_LIMIT = 100;
const MESSAGE_ACTIONS: Record<'stuck_sending' | 'failed' | 'held', string[]> = {
  stuck_sending: ['mark_sent', 'retry', 'cancel'],
  failed: ['resend', 'retry', 'dismiss'],
  held: ['release', 'retry', 'cancel'],
};

/**
 * Queues of things a person must look at, each with what they need to decide. Each kind is
 * another module's rows; this module lists them side by side, with filters, pages, counts and the
 * decisions already taken, so it sits above them all.
 */
@Injectable()
export class WorkItemsService {
  constructor(
    private readonly repo: WorkItemsRepository,
    private readonly messages: MessagesService,
    private readonly followUps: MessageFollowUpsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: WorkItemsQuery) {
    const status = query.status ?? 'open';
    const kind = query.kind;
    // The waits that ended read newest first unless asked otherwise: the latest answer is what a lead checks.
    const filter = this.filter(kind === 'waiting_customer' && status === 'resolved' && !query.sort ? { ...query, sort: 'newest' } : query);
    const items = await this.page(kind, status, filter);
    const last = items.length === filter.limit ? items[items.length - 1] : undefined;
    return { kind, status, data: await this.present(kind, items), next_cursor: last ? encodeQueueCursor(last.position) : null };
  }

  async counts() {
    const counts = await this.repo.counts(this.stuckBefore());
    const now = this.clock.now().getTime();
    return Object.fromEntries(
      Object.entries(counts).map(([kind, c]) => [
        kind,
        { open: c.open, oldest_since: isoTime(c.oldest), oldest_age_seconds: c.oldest ? Math.floor((now - c.oldest.getTime()) / 1000) : null },
      ]),
    ) as Record<WorkItemKind, { open: number; oldest_since: string | null; oldest_age_seconds: number | null }>;
  }

  /** Set aside what nobody will act on (a failure accepted as final, a body that will never parse), with why. */
  async dismiss(kind: WorkItemKind, id: string, note: string, by: Principal) {
    if (kind !== 'failed' && kind !== 'poison_webhook')
      throw DomainError.validation([
        { field: 'kind', message: 'only failed messages and poison webhooks are dismissed; the others are resolved by their own actions' },
      ]);
    const open = await this.repo.openIds(kind, {}, this.stuckBefore(), 10_000);
    if (!open.includes(id)) throw DomainError.notFound(`open ${kind} work item`);
    await this.audit.record({
      actor: actorOf(by),
      action: 'work_item.dismissed',
      subjectType: kind === 'failed' ? 'outbound_message' : 'webhook_delivery',
      subjectId: id,
      details: { note, kind },
    });
    return { dismissed: id };
  }

  /** A page of one queue, open or resolved. */
  private page(kind: WorkItemKind, status: 'open' | 'resolved', f: QueueFilter): Promise<Positioned<unknown>[]> {
    if (kind === 'stuck_sending' || kind === 'failed' || kind === 'held')
      return status === 'open' ? this.repo.openMessages(kind, f, this.stuckBefore()) : this.repo.resolvedMessages(kind, f);
    if (kind === 'unattributed_inbound') return status === 'open' ? this.repo.openInbound(f) : this.repo.resolvedInbound(f);
    if (kind === 'poison_webhook') return status === 'open' ? this.repo.openPoison(f) : this.repo.resolvedPoison(f);
    if (kind === 'waiting_customer') return status === 'open' ? this.repo.openWaiting(f) : this.repo.resolvedWaiting(f);
    return this.repo.alerts(status, f);
  }

  private async present(kind: WorkItemKind, items: Positioned<unknown>[]) {
    const resolution = (r: Resolution | undefined) => (r ? { action: r.action, actor: r.actor, note: r.note, at: isoTime(r.at) } : null);
    const names = await this.audit.names(items.flatMap((i) => (i.resolution ? [i.resolution.actor] : [])));
    const decided = (r: Resolution | undefined) => (r ? { ...resolution(r)!, actor_name: names.get(r.actor) ?? r.actor } : null);
    if (kind === 'stuck_sending' || kind === 'failed' || kind === 'held') {
      const rows = items as Positioned<OutboundMessage>[];
      const presented: Message[] = await this.messages.present(rows.map((i) => i.row));
      const resends = kind === 'failed' ? await this.followUps.resendCounts(rows.map((i) => i.row.id)) : new Map<string, number>();
      return rows.map((item, i) => ({
        kind,
        id: item.row.id,
        since: isoTime(item.at),
        attempts: item.row.attempts,
        last_error: item.row.lastError,
        actions: item.resolution ? [] : MESSAGE_ACTIONS[kind],
        conversation_id: item.conversationId ?? null,
        resend_dedupe_key: kind === 'failed' ? derivedDedupeKey(item.row.dedupeKey, 'resend', (resends.get(item.row.id) ?? 0) + 1) : null,
        resolution: decided(item.resolution),
        message: presented[i]!,
      }));
    }
    if (kind === 'unattributed_inbound') {
      return (items as Positioned<Parameters<typeof presentInbound>[0]>[]).map((item) => {
        const inbound: Inbound = presentInbound(item.row);
        return {
          kind,
          id: item.row.id,
          since: isoTime(item.at),
          reason: item.row.reason,
          actions: item.resolution ? [] : ['attribute'],
          resolution: decided(item.resolution),
          inbound,
        };
      });
    }
    if (kind === 'poison_webhook') {
      return (items as Positioned<DeliverySummary>[]).map(({ row: d, at, resolution: r }) => ({
        kind,
        id: d.id,
        since: isoTime(at),
        attempts: d.attempts,
        last_error: d.lastError,
        actions: r ? [] : ['replay', 'dismiss'],
        resolution: decided(r),
        delivery: { id: d.id, received_at: isoTime(d.receivedAt), processed_at: isoTime(d.processedAt), size: d.size, state: d.state },
      }));
    }
    if (kind === 'waiting_customer') {
      const now = this.clock.now();
      return (items as Positioned<WaitingCustomer>[]).map(({ row: w, at, resolution: r }) => ({
        kind,
        id: w.conversationId,
        since: isoTime(at),
        // The reply resolves it, in the thread; taking an unheld one is the only thing done from the queue.
        actions: r || w.assignee ? [] : ['assign_to_me'],
        conversation_id: w.conversationId,
        phone_number_id: w.phoneNumberId,
        contact: { id: w.contact.id, name: w.contact.name, wa_id: w.contact.waId, user_id: w.contact.userId },
        team: w.team,
        assignee: w.assignee,
        assignee_name: w.assignee ? (w.assigneeName ?? 'A former staff member') : null,
        waiting_for: w.waitingFor,
        waiting_since: isoTime(w.waitingSince),
        due_at: isoTime(w.dueAt),
        breached_at: isoTime(w.breachedAt),
        waited_seconds: waitedSeconds(w, r ? r.at : now),
        resolution: decided(r),
      }));
    }
    return (items as Positioned<Parameters<typeof presentAlert>[0]>[]).map(({ row, at, resolution: r }) => {
      const alert: AlertResource = presentAlert(row);
      return { kind, id: row.id, since: isoTime(at), actions: r ? [] : ['resolve'], resolution: decided(r), alert };
    });
  }

  filter(query: Omit<WorkItemsQuery, 'kind'>): QueueFilter {
    const after = query.cursor ? decodeQueueCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    return {
      phoneNumberId: query.phone_number_id,
      purpose: query.purpose,
      errorCode: query.error_code,
      since: earliest(
        query.older_than ? new Date(this.clock.now().getTime() - durationMs(query.older_than)) : undefined,
        query.before ? new Date(query.before) : undefined,
      ),
      newestFirst: query.sort === 'newest',
      after,
      limit: query.limit ?? DEFAULT_LIMIT,
    };
  }

  stuckBefore(): Date {
    return new Date(this.clock.now().getTime() - this.config.outbox.stuckAfterMs);
  }
}

/** The stricter of two "waiting since before" bounds. */
function earliest(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}
