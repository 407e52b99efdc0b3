import { Inject, Injectable } from '@nestjs/common';
import {
  contentFingerprint,
  outboundRetainUntil,
  directSendProblems,
  resolutionTarget,
  statesResolvableBy,
  validatePayload,
  validateTemplate,
  type OutboxState,
  type ResolveAction,
} from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { messageRecipient } from './message-recipient.js';
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
import { nulCharacterProblems } from './nul-characters.js';
import { OutboxDispatcher } from './outbox-dispatcher.service.js';
import { OutboxRepository, type HistoryRow, type NewOutboundMessage, type RecipientPair } from './outbox.repository.js';

export interface EnqueueResult {
  message: OutboundMessage;
  deduplicated: boolean;
}

/** A write whose key was taken: the row holding it, and whether this write said the same. */
type DuplicateVerdict =
  { status: 'deduplicated' | 'conflict'; message: OutboundMessage; problems: FieldProblem[] } | { status: 'conflict'; message: null; problems: FieldProblem[] };

/** A dedupe key taken by a row of another integration: said without showing anything of that row. */
const OTHERS_KEY = 'already names a message of another integration: choose keys your integration owns (prefix them)';

/** One item of a batch enqueue; `problems` name the fields of an invalid item (or the conflicting key). */
export type BatchItemResult =
  { status: 'created'; message: OutboundMessage; problems: FieldProblem[] } | DuplicateVerdict | { status: 'invalid'; message: null; problems: FieldProblem[] };

/** A message checked by its caller already (a campaign's recipient, checked when the campaign was made). */
export interface PreparedMessage {
  dedupeKey: string;
  /** E.164, or a BSUID for a user known only by it (then `waId` is the same). */
  to: string;
  waId: string;
  purpose: string;
  campaign: string;
  payload: Record<string, unknown>;
  phoneNumberId: string;
  notBefore: Date | null;
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

  /**
   * `visibleTo`: the actors whose rows the caller may see (a send key's integration), null for
   * everyone. A key taken by a row the caller may not see is a conflict that shows nothing of it.
   */
  async enqueue(dto: CreateMessageDto, actor: string, visibleTo: readonly string[] | null = null): Promise<EnqueueResult> {
    const prepared = await this.prepare(dto);
    if (!prepared.ok) throw DomainError.validation(prepared.problems);
    const { row, now } = prepared;

    const inserted = await this.repo.insertIfAbsent(row, { actor, reason: 'enqueued' }, now);
    if (inserted) {
      await this.dispatchQuietly([inserted]);
      return { message: inserted, deduplicated: false };
    }

    // The key exists: this write was a duplicate. Count it, then tell a repeat from a conflict.
    const existing = await this.repo.findByDedupeKey(dto.dedupe_key);
    const [verdict] = await this.judgeDuplicates([{ row, existing }], now, visibleTo);
    if (verdict!.status === 'conflict') {
      if (verdict!.message === null) throw new DomainError(ErrorCode.DedupeKeyConflict, OTHERS_KEY);
      throw new DomainError(ErrorCode.DedupeKeyConflict, 'dedupe_key already names a message with different content', {
        message: presentMessage(verdict!.message),
      });
    }
    return { message: verdict!.message, deduplicated: true };
  }

  /**
   * Many messages in one call, each on its own: an item is checked as its own request would be
   * (`items` holds the DTO, or the problems its validation found), then all valid rows go in one
   * INSERT … ON CONFLICT, and the rows it did not insert are judged like single duplicates. One
   * result per item, in order. Nothing here fails the batch for one item.
   */
  async enqueueMany(
    items: readonly ({ ok: true; value: CreateMessageDto } | { ok: false; problems: FieldProblem[] })[],
    actor: string,
    visibleTo: readonly string[] | null = null,
  ): Promise<BatchItemResult[]> {
    const prepared = await Promise.all(items.map((item) => (item.ok ? this.prepare(item.value) : item)));
    const now = this.clock.now();
    const valid = prepared.flatMap((p, i) => (p.ok ? [{ i, row: p.row }] : []));
    const written = await this.insertEach(
      valid.map((v) => v.row),
      { actor, reason: 'enqueued' },
      now,
    );

    const results = new Map<number, BatchItemResult>();
    prepared.forEach((p, i) => {
      if (!p.ok) results.set(i, { status: 'invalid', message: null, problems: p.problems });
    });
    const created: OutboundMessage[] = [];
    const leftovers: { i: number; row: NewOutboundMessage }[] = [];
    valid.forEach((v, n) => {
      const outcome = written[n]!;
      if (Array.isArray(outcome)) {
        results.set(v.i, { status: 'invalid', message: null, problems: outcome });
      } else if (outcome) {
        results.set(v.i, { status: 'created', message: outcome, problems: [] });
        created.push(outcome);
      } else {
        leftovers.push(v);
      }
    });
    if (leftovers.length > 0) {
      const existing = await this.repo.findByDedupeKeys(leftovers.map((l) => l.row.dedupeKey));
      const verdicts = await this.judgeDuplicates(
        leftovers.map(({ row }) => ({ row, existing: existing.get(row.dedupeKey) ?? null })),
        now,
        visibleTo,
      );
      leftovers.forEach((l, n) => results.set(l.i, verdicts[n]!));
    }
    await this.dispatchQuietly(created);
    const ordered = items.map((_, i) => results.get(i)!);
    this.logger.event('info', 'outbox.batch_enqueued', { items: items.length, ...countBy(ordered.map((r) => r.status)) });
    return ordered;
  }

  /**
   * The bulk path for rows their caller has checked (a campaign's recipients): one INSERT … ON
   * CONFLICT DO NOTHING for all, a job for each new row. A key already taken (the same rows
   * written again after a crash, or a resubmitted campaign) inserts nothing and sends nothing.
   */
  async enqueuePrepared(messages: readonly PreparedMessage[], actor: string, reason: string): Promise<{ created: number; existing: number }> {
    if (messages.length === 0) return { created: 0, existing: 0 };
    const now = this.clock.now();
    const rows: NewOutboundMessage[] = messages.map((m) => ({
      dedupeKey: m.dedupeKey,
      to: m.to,
      toWaId: m.waId,
      purpose: m.purpose,
      triggerRef: null,
      campaign: m.campaign,
      payload: m.payload,
      contentHash: contentFingerprint({ to: m.to, purpose: m.purpose, payload: m.payload }),
      fallbackTemplate: null,
      priority: 0,
      phoneNumberId: m.phoneNumberId,
      notBefore: m.notBefore && m.notBefore > now ? m.notBefore : now,
      retainUntil: outboundRetainUntil(m.purpose, now, this.config.outbox.retention),
      expiresAt: null,
    }));
    const written = await this.repo.insertAllIfAbsent(rows, { actor, reason }, now);
    const created = written.filter((r): r is OutboundMessage => r !== null);
    const existing = written.length - created.length;
    if (existing > 0) await this.counters.incrementMany([{ metric: COUNTERS.dedupeRejected, label: messages[0]!.purpose, at: now, count: existing }]);
    await this.dispatchQuietly(created);
    return { created: created.length, existing };
  }

  /**
   * All rows in one statement; if PostgreSQL refuses it for what one row holds (a data or
   * constraint error), each row again on its own, so only that row is refused (its problems). A
   * failure that is not about the data (the database away) fails the call: nothing was written
   * by the failed statement, and the batch may be sent again, its keys making that safe.
   */
  private async insertEach(
    rows: readonly NewOutboundMessage[],
    audit: { actor: string; reason: string },
    now: Date,
  ): Promise<(OutboundMessage | null | FieldProblem[])[]> {
    try {
      return [...(await this.repo.insertAllIfAbsent(rows, audit, now))];
    } catch (error) {
      if (rows.length === 1 || !isDataError(error)) throw error;
      this.logger.event('warn', 'outbox.batch_insert_refused', { rows: rows.length, error: String(error), note: 'inserting each row on its own' });
      const out: (OutboundMessage | null | FieldProblem[])[] = [];
      for (const [index, row] of rows.entries()) {
        try {
          out.push((await this.repo.insertAllIfAbsent([row], audit, now))[0] ?? null);
        } catch (single) {
          if (!isDataError(single)) throw single;
          // PostgreSQL's words name tables, constraints and values: for the log, never the client.
          this.logger.event('warn', 'outbox.batch_row_refused', { index, dedupe_key: row.dedupeKey, error: String(single) });
          out.push([
            { field: 'body', message: 'could not be stored: the database refused one of its values (the API log has the cause, under this request id)' },
          ]);
        }
      }
      return out;
    }
  }

  /** A request as the row it would store, or the problems that keep it out: both paths check alike. */
  private async prepare(dto: CreateMessageDto): Promise<{ ok: true; row: NewOutboundMessage; now: Date } | { ok: false; problems: FieldProblem[] }> {
    const problems: FieldProblem[] = [...nulCharacterProblems(dto), ...validatePayload(dto.payload)];
    if (dto.payload.context !== undefined) problems.push(...contextProblems(dto.payload.context));
    if (dto.fallback_template) problems.push(...validateTemplate(dto.fallback_template, 'fallback_template'));
    problems.push(...directSendProblems(dto.payload, 'payload', dto.recipient !== undefined));
    const phone = messageRecipient(dto.to, dto.recipient);
    if (!phone.ok) problems.push(...phone.problems);
    // A time already past is no error (a retry of the same request must still deduplicate): the row expires at once.
    if (dto.expires_at && dto.not_before && dto.expires_at <= dto.not_before) problems.push({ field: 'expires_at', message: 'must be after not_before' });
    // Against the registry (exists in that language, APPROVED, parameters per component), once the shape is right.
    if (problems.length === 0) problems.push(...(await this.templates.problemsFor(dto.payload, dto.fallback_template ?? null)));
    if (problems.length > 0 || !phone.ok) return { ok: false, problems };

    const now = this.clock.now();
    const row = newOutboundRow(dto, phone, {
      now,
      phoneNumberId: this.config.whatsapp.phoneNumberId,
      retainUntil: outboundRetainUntil(dto.purpose, now, this.config.outbox.retention),
    });
    return { ok: true, row, now };
  }

  /**
   * Writes that found their key taken: each is counted as a rejected duplicate, then is a repeat of
   * the same business event (same content: `deduplicated`) or a reuse of the key (`conflict`).
   */
  private async judgeDuplicates(
    writes: readonly { row: NewOutboundMessage; existing: OutboundMessage | null }[],
    now: Date,
    visibleTo: readonly string[] | null = null,
  ): Promise<DuplicateVerdict[]> {
    const byPurpose = countBy(writes.map((w) => w.row.purpose));
    await this.counters.incrementMany(Object.entries(byPurpose).map(([label, count]) => ({ metric: COUNTERS.dedupeRejected, label, at: now, count })));
    return writes.map(({ row, existing }) => {
      if (!existing) throw new Error(`dedupe_key ${row.dedupeKey} conflicted but its row is gone`);
      const same = existing.contentHash === row.contentHash;
      this.logger.event('info', 'outbox.dedupe_rejected', { dedupe_key: row.dedupeKey, purpose: row.purpose, same_content: same });
      // Another integration's row: same content or not, its recipient, payload and replies are not the caller's to see.
      if (visibleTo && !visibleTo.includes(existing.createdBy ?? ''))
        return { status: 'conflict', message: null, problems: [{ field: 'dedupe_key', message: OTHERS_KEY }] };
      return same
        ? { status: 'deduplicated', message: existing, problems: [] }
        : { status: 'conflict', message: existing, problems: [{ field: 'dedupe_key', message: 'already names a message with different content' }] };
    });
  }

  async get(id: string): Promise<OutboundMessage> {
    const message = /^[0-9a-f-]{36}$/i.test(id) ? await this.repo.findById(id) : null;
    if (!message) throw DomainError.notFound('message');
    return message;
  }

  statusEvents(message: Pick<OutboundMessage, 'id' | 'createdAt'>) {
    return this.repo.statusEvents(message.id, message.createdAt);
  }

  waitFacts(pairs: readonly RecipientPair[]) {
    return this.repo.waitFacts(pairs);
  }

  /** The inbound messages attributed to each message (reactions excluded), oldest first. */
  repliesFor(messageIds: readonly string[]): Promise<Map<string, string[]>> {
    return this.repo.repliesFor(messageIds);
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
    if (moved.state === 'queued') await this.dispatchQuietly([moved]);
    return moved;
  }

  /**
   * Cancels a row that may still go (`queued`, `held`): PostgreSQL decides between this and the
   * worker's claim, so exactly one wins, and a cancelled row is never sent. Cancelling a cancelled
   * row answers it again; from `sending` on it is refused (409 `not_cancellable` with the row).
   * `visibleTo`: a send-only key cancels only its own integration's rows (others are not found).
   */
  async cancel(ref: { id: string } | { dedupeKey: string }, actor: string, visibleTo: readonly string[] | null): Promise<OutboundMessage> {
    const found = 'id' in ref ? await this.get(ref.id) : await this.repo.findByDedupeKey(ref.dedupeKey);
    if (!found || (visibleTo && !visibleTo.includes(found.createdBy ?? ''))) throw DomainError.notFound('message');
    if (found.state === 'cancelled') return found;
    const moved = await this.repo.cancel(found.id, { actor, reason: 'cancelled by request' }, this.clock.now());
    if (moved) {
      this.events.publish('message.status', { message_id: moved.id, state: 'cancelled', previous_state: found.state, source: 'cancel' });
      if (found.state === 'held')
        this.events.publish('work_item.changed', { kind: 'held', change: 'resolved', message_id: moved.id, action: 'cancel', state: 'cancelled' });
      return moved;
    }
    const now = await this.get(found.id);
    if (now.state === 'cancelled') return now;
    throw new DomainError(ErrorCode.NotCancellable, `the message is ${now.state}: it may have reached Meta, and nothing is un-sent`, {
      message: presentMessage(now),
    });
  }

  /** Rows past their `expires_at` that were not claimed: cancelled, `expired` (the worker's sweep). How many. */
  async expireDue(limit = 500): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    for (const id of await this.repo.expiredIds(now, limit)) if (await this.expire(id, now)) expired += 1;
    return expired;
  }

  /** One row, if its time has passed and it was not claimed: true when this call expired it. */
  async expire(id: string, now = this.clock.now()): Promise<boolean> {
    const moved = await this.repo.expire(id, now);
    if (moved) this.events.publish('message.status', { message_id: id, state: 'cancelled', previous_state: null, error: moved.lastError, source: 'expiry' });
    return moved !== null;
  }

  /** Rows made due sooner by a committed change (a raised limit): their jobs go now, not at the old deadline. */
  async bringForward(rows: readonly Pick<OutboundMessage, 'id' | 'notBefore' | 'priority'>[]): Promise<void> {
    if (rows.length === 0) return;
    const moved = await this.dispatcher.bringForward(rows);
    this.logger.event(moved.outcome === 'added' ? 'info' : 'warn', 'outbox.brought_forward', {
      rows: rows.length,
      promoted: moved.promoted,
      added: moved.added,
      deferred: moved.outcome === 'deferred',
    });
  }

  stuckSending(limit: number): Promise<OutboundMessage[]> {
    return this.repo.findStuckSending(new Date(this.clock.now().getTime() - this.config.outbox.stuckAfterMs), limit);
  }

  inState(state: OutboxState, limit: number): Promise<OutboundMessage[]> {
    return this.repo.findByState(state, limit);
  }

  /** The rows are committed; if Redis is away, the sweeper enqueues them later. The caller still gets 201. */
  private async dispatchQuietly(rows: readonly OutboundMessage[]): Promise<void> {
    if (rows.length === 0) return;
    if ((await this.dispatcher.dispatch(rows)) === 'deferred') {
      this.logger.event('warn', 'outbox.dispatch_deferred', {
        message_id: rows[0]!.id,
        rows: rows.length,
        note: 'Redis did not take the jobs in time; the sweeper will add them',
      });
    }
  }
}

function contextProblems(context: unknown): FieldProblem[] {
  const ok = typeof context === 'object' && context !== null && typeof (context as { message_id?: unknown }).message_id === 'string';
  return ok ? [] : [{ field: 'payload.context.message_id', message: 'must be the wamid being replied to' }];
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** PostgreSQL's data exceptions (class 22) and constraint violations (23): caused by what a row holds. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
