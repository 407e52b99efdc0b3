import { Inject, Injectable } from '@nestjs/common';
import type { Message, RenderedTemplate } from '@sendbook/api-contract';
import { checkSenderLimits, recipientTimeZone, whyWaiting } from '@sendbook/queue';
import { ownMessageActors } from '../../common/auth/access.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError, type FieldProblem } from '../../common/errors/domain-error.js';
import { validateAs } from '../../common/errors/validation.pipe.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { SendingPolicy } from '../policy/sending-policy.service.js';
import { principalName } from '../audit/actor-names.js';
import { AuditService } from '../audit/audit.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import { CreateMessageDto } from './dto/create-message.dto.js';
import type { CreateMessageBatchDto } from './dto/create-message-batch.dto.js';
import type { ListMessagesDto } from './dto/list-messages.dto.js';
import type { ResolveMessageDto } from './dto/resolve-message.dto.js';
import { decodeCursor, encodeCursor, presentMessage } from './message.presenter.js';
import type { OutboundMessage } from './outbound-message.entity.js';
import { recipientKey } from './outbox.repository.js';
import { presentKeptFile } from '../media/media.presenter.js';
import { MediaService } from '../media/media.service.js';
import { OutboxService } from './outbox.service.js';

const DEFAULT_PAGE = 50;

/**
 * The message resource of /v1/messages: the outbox's rows with `replies` (inbound messages
 * attributed to each) and, for template messages, `rendered` (the text the customer saw).
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly templates: TemplatesService,
    private readonly audit: AuditService,
    private readonly policy: SendingPolicy,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  /** `deduplicated`: the same business event again, answered with the row it made the first time. */
  async create(dto: CreateMessageDto, by: Principal) {
    const allowed = this.withinKeyLimits(dto, by);
    if (!allowed.ok) throw DomainError.validation(allowed.problems);
    const { message, deduplicated } = await this.outbox.enqueue(allowed.value, actorOf(by), ownMessageActors(by));
    // A message created just now cannot have replies yet, and its creator is the caller.
    const [presented] = await this.present([message], { fresh: !deduplicated, caller: by });
    return { message: presented, deduplicated };
  }

  /** Each item checked as its own request would be, all of them written together; one result per item. */
  async createMany(dto: CreateMessageBatchDto, by: Principal) {
    const items = (await Promise.all(dto.messages.map((item) => validateAs(CreateMessageDto, item)))).map((item) =>
      item.ok ? this.withinKeyLimits(item.value, by) : item,
    );
    const results = await this.outbox.enqueueMany(items, actorOf(by), ownMessageActors(by));
    const rows = results.flatMap((r) => (r.message ? [r.message] : []));
    const presented = new Map((await this.present(rows)).map((m) => [m.id, m]));
    return { results: results.map((r) => ({ status: r.status, message: r.message ? presented.get(r.message.id)! : null, details: r.problems })) };
  }

  /** A request within its key's limits (its number filled in when the key names its own), or why not. */
  private withinKeyLimits(dto: CreateMessageDto, by: Principal): { ok: true; value: CreateMessageDto } | { ok: false; problems: FieldProblem[] } {
    if (by.kind !== 'api_key') return { ok: true, value: dto };
    const verdict = checkSenderLimits(dto, by.limits, this.config.whatsapp.phoneNumberId);
    if (verdict.problems.length > 0) return { ok: false, problems: verdict.problems };
    return {
      ok: true,
      value: verdict.phoneNumberId === dto.phone_number_id || by.limits.phoneNumberIds === null ? dto : { ...dto, phone_number_id: verdict.phoneNumberId },
    };
  }

  /** A key that may only send sees only the messages its integration enqueued. */
  async list(query: ListMessagesDto, by: Principal) {
    const limit = query.limit ?? DEFAULT_PAGE;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.outbox.list({
      dedupeKey: query.dedupe_key,
      triggerRef: query.trigger_ref,
      campaign: query.campaign,
      state: query.state,
      createdBy: ownMessageActors(by) ?? undefined,
      limit,
      after,
    });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return { data: await this.present(rows), next_cursor: last ? encodeCursor(last) : null };
  }

  async get(id: string, by: Principal) {
    const [presented] = await this.present([await this.visible(id, by)]);
    return { message: presented };
  }

  /** Every state change of the message, who made it and why. */
  async history(id: string, by: Principal) {
    await this.visible(id, by);
    const entries = await this.outbox.history(id);
    const names = await this.audit.names(entries.map((e) => e.actor));
    return { data: entries.map((e) => ({ ...e, actor_name: names.get(e.actor) ?? e.actor })) };
  }

  /** Cancels while it may still go; a send-only key only its own integration's rows. */
  async cancel(ref: { id: string } | { dedupeKey: string }, by: Principal) {
    const [presented] = await this.present([await this.outbox.cancel(ref, actorOf(by), ownMessageActors(by))]);
    return { message: presented };
  }

  async resolve(id: string, dto: ResolveMessageDto, by: Principal) {
    const [presented] = await this.present([await this.outbox.resolve(id, dto.action, dto.note ?? null, actorOf(by))]);
    return { message: presented };
  }

  /**
   * Resources for rows, with what each needs looked up for all at once: replies, the rendered
   * template, who enqueued it. `fresh`: rows created just now, which cannot have replies yet.
   * `caller`: who is asking; rows they enqueued are named from the principal, without a lookup.
   */
  async present(rows: readonly OutboundMessage[], { fresh = false, caller }: { fresh?: boolean; caller?: Principal } = {}) {
    const known = caller ? new Map([[actorOf(caller), principalName(caller)]]) : new Map<string, string>();
    const [replies, rendered, looked, waiting, files] = await Promise.all([
      fresh ? new Map<string, string[]>() : this.outbox.repliesFor(rows.map((m) => m.id)),
      Promise.all(rows.map((m) => this.rendered(m))),
      this.audit.names(rows.flatMap((m) => (m.createdBy && !known.has(m.createdBy) ? [m.createdBy] : []))),
      this.waiting(rows),
      this.files(rows),
    ]);
    const names = new Map([...looked, ...known]);
    return rows.map((m, i) =>
      presentMessage(m, { replies: replies.get(m.id) ?? [], rendered: rendered[i], names, waiting: waiting.get(m.id) ?? null, file: files.get(m.id) ?? null }),
    );
  }

  /** The kept copy of each row's file, found by the media id its payload names. */
  private async files(rows: readonly OutboundMessage[]): Promise<Map<string, NonNullable<Message['file']>>> {
    const byNumber = new Map<string, { row: string; metaId: string }[]>();
    for (const m of rows) {
      const metaId = sentMediaId(m.payload);
      if (metaId) byNumber.set(m.phoneNumberId, [...(byNumber.get(m.phoneNumberId) ?? []), { row: m.id, metaId }]);
    }
    const out = new Map<string, NonNullable<Message['file']>>();
    for (const [phoneNumberId, wanted] of byNumber) {
      const found = await this.media.sentFiles(
        phoneNumberId,
        wanted.map((w) => w.metaId),
      );
      for (const w of wanted) {
        const file = found.get(w.metaId);
        if (file) out.set(w.row, presentKeptFile(file));
      }
    }
    return out;
  }

  /** Why each queued row has not gone yet; rows in other states wait for nothing. */
  private async waiting(rows: readonly OutboundMessage[]): Promise<Map<string, NonNullable<Message['waiting']>>> {
    const queued = rows.filter((m) => m.state === 'queued');
    const out = new Map<string, NonNullable<Message['waiting']>>();
    if (queued.length === 0) return out;
    const recipients = await this.outbox.waitFacts(queued.map((m) => ({ phoneNumberId: m.phoneNumberId, waId: m.toWaId })));
    const now = this.clock.now();
    for (const m of queued) {
      const recipient = recipients.get(recipientKey({ phoneNumberId: m.phoneNumberId, waId: m.toWaId }));
      const wait = whyWaiting(
        { notBefore: new Date(m.notBefore), attempts: m.attempts, lastErrorCode: m.lastError?.code ?? null },
        { now, paused: recipient?.paused ?? false, lastSentToRecipientAt: recipient?.lastSentAt ?? null, pairIntervalMs: this.policy.pairIntervalMs() },
      );
      if (!wait) continue;
      const zone =
        wait.reason === 'quiet_hours'
          ? (recipientTimeZone({ contactTimeZone: recipient?.timeZone ?? null, e164: m.to }) ?? this.config.policy.defaultTimeZone)
          : null;
      out.set(m.id, { reason: wait.reason, until: wait.until ? wait.until.toISOString() : null, time_zone: zone });
    }
    return out;
  }

  /** The message, if the caller may see it: a send-only key sees only its own (others are "not found"). */
  async visible(id: string, by: Principal): Promise<OutboundMessage> {
    const message = await this.outbox.get(id);
    const actors = ownMessageActors(by);
    if (actors && !actors.includes(message.createdBy ?? '')) throw DomainError.notFound('message');
    return message;
  }

  private async rendered(m: OutboundMessage): Promise<RenderedTemplate | null> {
    const template = m.payload.type === 'template' ? m.payload.template : null;
    if (typeof template !== 'object' || template === null) return null;
    // A template the registry does not know (never synced, or removed since) is shown unrendered,
    // and so is every template while the registry cannot be read: the message itself is the answer.
    return this.templates.renderIfKnown(template as Record<string, unknown>).catch(() => null);
  }
}

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** The Meta media id a media payload sends (`image.id`), if it sends one. */
function sentMediaId(payload: Record<string, unknown>): string | null {
  const type = payload.type;
  if (typeof type !== 'string' || !MEDIA_TYPES.has(type)) return null;
  const object = payload[type] as Record<string, unknown> | undefined;
  return typeof object?.id === 'string' ? object.id : null;
}
