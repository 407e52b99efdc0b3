import { Inject, Injectable } from '@nestjs/common';
import { dedupeWindowMs, resolutionTarget, statesResolvableBy, validatePayload, validateTemplate, type OutboxState, type ResolveAction } from '@sendbook/queue';
import { normalizeE164 } from '@sendbook/whatsapp';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { COUNTERS, CountersRepository } from '../metrics/counters.repository.js';
import { TemplatesService } from '../templates/templates.service.js';
import type { CreateMessageDto } from './dto/create-message.dto.js';
import type { OutboundMessage } from './outbound-message.entity.js';
import { presentMessage } from './message.presenter.js';
import { newOutboundRow } from './new-outbound-row.js';
import { OutboxDispatcher } from './outbox-dispatcher.service.js';
import { OutboxRepository, type HistoryRow, type RecipientPair } from './outbox.repository.js';

export interface EnqueueResult {
  message: OutboundMessage;
  deduplicated: boolean;
}

/** The outbox's rules: enqueue once per business event, list, and resolve by hand. */
@Injectable()
export class OutboxService {
  constructor(
    private readonly repo: OutboxRepository,
    private readonly dispatcher: OutboxDispatcher,
    private readonly counters: CountersRepository,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly events: EventsPublisher,
    private readonly templates: TemplatesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async enqueue(dto: CreateMessageDto, actor: string): Promise<EnqueueResult> {
    const problems: FieldProblem[] = [...validatePayload(dto.payload)];
    if (dto.payload.context !== undefined) problems.push(...contextProblems(dto.payload.context));
    if (dto.fallback_template) problems.push(...validateTemplate(dto.fallback_template, 'fallback_template'));
    const phone = normalizeE164(dto.to);
    if (!phone.ok) problems.push({ field: 'to', message: `is not a valid phone number (${phone.reason})` });
    // Against the registry (exists in that language, APPROVED, parameters per component), once the shape is right.
    if (problems.length === 0) problems.push(...(await this.templates.problemsFor(dto.payload, dto.fallback_template ?? null)));
    if (problems.length > 0 || !phone.ok) throw DomainError.validation(problems);

    const now = this.clock.now();
    const row = newOutboundRow(dto, phone, {
      now,
      phoneNumberId: this.config.whatsapp.phoneNumberId,
      retainUntil: new Date(now.getTime() + dedupeWindowMs(dto.purpose, this.config.outbox.dedupeWindows, this.config.outbox.dedupeWindowDefaultMs)),
    });

    const inserted = await this.repo.insertIfAbsent(row, { actor, reason: 'enqueued' }, now);
    if (inserted) {
      await this.dispatchQuietly(inserted);
      return { message: inserted, deduplicated: false };
    }

    // The key exists: this write was a duplicate. Count it, then tell a repeat from a conflict.
    await this.counters.increment(COUNTERS.dedupeRejected, dto.purpose, now);
    const existing = await this.repo.findByDedupeKey(dto.dedupe_key);
    if (!existing) throw new Error(`dedupe_key ${dto.dedupe_key} conflicted but its row is gone`);
    this.logger.event('info', 'outbox.dedupe_rejected', { dedupe_key: dto.dedupe_key, purpose: dto.purpose, same_content: existing.contentHash === row.contentHash });
    if (existing.contentHash !== row.contentHash) {
      throw new DomainError(ErrorCode.DedupeKeyConflict, 'dedupe_key already names a message with different content', { message: presentMessage(existing) });
    }
    return { message: existing, deduplicated: true };
  }

  async get(id: string): Promise<OutboundMessage> {
    const message = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findById(id) : null;
    if (!message) throw DomainError.notFound('message');
    return message;
  }

  statusEvents(id: string) {
    return this.repo.statusEvents(id);
  }

  waitFacts(pairs: readonly RecipientPair[]) {
    return this.repo.waitFacts(pairs);
  }

  history(id: string): Promise<HistoryRow[]> {
    return this.repo.history(id);
  }

  list(filter: Parameters<OutboxRepository['list']>[0]): Promise<OutboundMessage[]> {
    return this.repo.list(filter);
  }

  /** The only way out of `sending` by hand; each resolution is audited with its note. */
  async resolve(id: string, action: ResolveAction, note: string | null, actor: string): Promise<OutboundMessage> {
    const current = await this.get(id);
    const target = resolutionTarget(current.state, action);
    if (!target) {
      throw new DomainError(
        ErrorCode.InvalidStateTransition,
        `cannot ${action} a message in state ${current.state} (allowed from: ${statesResolvableBy(action).join(', ')})`,
      );
    }
    const moved = await this.repo.resolve(id, current.state, target, { actor, reason: `resolved by hand: ${action}`, details: { note } }, this.clock.now());
    if (!moved) throw new DomainError(ErrorCode.InvalidStateTransition, 'the message changed state meanwhile; look again');
    this.events.publish('work_item.changed', { kind: current.state, change: 'resolved', message_id: moved.id, action, state: moved.state });
    if (moved.state === 'queued') await this.dispatchQuietly(moved);
    return moved;
  }

  /** Rows made due sooner by a committed change (a raised limit): their jobs go now, not at the old deadline. */
  async bringForward(rows: readonly Pick<OutboundMessage, 'id' | 'notBefore' | 'priority'>[]): Promise<void> {
    if (rows.length === 0) return;
    const moved = await this.dispatcher.bringForward(rows);
    this.logger.event(moved.outcome === 'added' ? 'info' : 'warn', 'outbox.brought_forward', { rows: rows.length, promoted: moved.promoted, added: moved.added, deferred: moved.outcome === 'deferred' });
  }

  stuckSending(limit: number): Promise<OutboundMessage[]> {
    return this.repo.findStuckSending(new Date(this.clock.now().getTime() - this.config.outbox.stuckAfterMs), limit);
  }

  inState(state: OutboxState, limit: number): Promise<OutboundMessage[]> {
    return this.repo.findByState(state, limit);
  }

  /** The row is committed; if Redis is away, the sweeper enqueues it later. The caller still gets 201. */
  private async dispatchQuietly(row: OutboundMessage): Promise<void> {
    if ((await this.dispatcher.dispatch([row])) === 'deferred') this.logger.event('warn', 'outbox.dispatch_deferred', { message_id: row.id, note: 'Redis did not take the job in time; the sweeper will add it' });
  }
}

function contextProblems(context: unknown): FieldProblem[] {
  const ok = typeof context === 'object' && context !== null && typeof (context as { message_id?: unknown }).message_id === 'string';
  return ok ? [] : [{ field: 'payload.context.message_id', message: 'must be the wamid being replied to' }];
}
