import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AGENT_REPLY_PRIORITY, normalizeLabel, normalizeLabels, parseSnoozeUntil, recipientIdsOf, replyAddress } from '@sendbook/queue';
import { normalizeE164 } from '@sendbook/whatsapp';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { AuditService } from '../audit/audit.service.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import type { CreateMessageDto } from '../outbox/dto/create-message.dto.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { MessagesService } from '../outbox/messages.service.js';
import { ReplyMediaService } from './reply-media.service.js';
import { ConversationTransitions } from './conversation-transitions.service.js';
import { ResponseTargetsService } from './response-targets.service.js';
import { TimelineService } from './timeline.service.js';
import { OutboxService, type EnqueueResult } from '../outbox/outbox.service.js';
import { AgentPresenceService } from './agent-presence.service.js';
import { ConversationWindowGate } from './conversation-window-gate.service.js';
import { ConversationsRepository, type ConversationView } from './conversations.repository.js';
import { decodeCursor, encodeCursor, presentConversation } from './conversations.presenter.js';
import type { AgentReplyDto, ReplyMediaDto, ListConversationsDto, OpenConversationDto, UpdateConversationDto } from './dto/conversation.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PAGE = 50;
/** How many labels in use the filter is offered. */
const LABELS_IN_USE = 200;

export interface AgentReply {
  text?: string;
  template?: Record<string, unknown>;
  /** A file (an upload or a link), with its caption. */
  media?: ReplyMediaDto;
  /** An inbound (or outbound) message of this thread, by id or wamid: sent as context.message_id. */
  replyTo?: string;
  /** The client's request id: the same id twice is the same reply (a double click sends once). */
  requestId: string;
}

/** Threads per business number and contact, their timeline, and agent replies through the outbox. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly gate: ConversationWindowGate,
    private readonly outbox: OutboxService,
    private readonly messages: MessagesService,
    private readonly timeline: TimelineService,
    private readonly presence: AgentPresenceService,
    private readonly events: EventsPublisher,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly replyMedia: ReplyMediaService,
    private readonly transitions: ConversationTransitions,
    private readonly targets: ResponseTargetsService,
  ) {}

  async list(query: ListConversationsDto, by: Principal) {
    const limit = query.limit ?? DEFAULT_PAGE;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    if (query.view === 'mine' && by.kind !== 'staff') throw DomainError.validation([{ field: 'view', message: 'mine needs a signed-in staff member' }]);
    // `open` is the Open list: snoozed threads wait out of it; `snoozed` lists only them (still open).
    const label = query.label === undefined ? undefined : normalizeLabel(query.label);
    if (label === null) throw DomainError.validation([{ field: 'label', message: 'must not be empty' }]);
    const rows = await this.repo.listConversations({
      state: query.state === 'snoozed' ? 'open' : query.state,
      snoozed: query.state === 'snoozed' ? 'only' : query.state === 'open' ? 'hide' : undefined,
      label,
      assignee: query.view === 'mine' && by.kind === 'staff' ? by.staffId : query.assignee,
      unassigned: query.view === 'unassigned',
      q: query.q?.trim() || undefined,
      windowOpenAt: query.window === 'open' ? this.clock.now() : undefined,
      limit,
      after,
    });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    const now = this.clock.now();
    const latest = await this.timeline.latest(rows);
    return {
      data: rows.map((c) => ({ ...presentConversation(c, now, this.config.policy.defaultTimeZone), last_message: latest.get(c.id) ?? null })),
      next_cursor: last ? encodeCursor(last.lastActivityAt, last.id) : null,
    };
  }

  /** Open conversations per view: the tab counts. */
  async counts(by: Principal) {
    const { unreadMine, unreadUnassigned, ...counts } = await this.repo.counts(by.kind === 'staff' ? by.staffId : null);
    return { ...counts, unread_by_view: { mine: unreadMine, unassigned: unreadUnassigned, all: counts.unread } };
  }

  /** The conversation, the newest page of its timeline (oldest first) and what was last sent to its contact. */
  async get(id: string) {
    const conversation = await this.read(id);
    const [page, purposes] = await Promise.all([this.timeline.page(conversation, undefined), this.timeline.recentPurposes(conversation)]);
    return {
      conversation: presentConversation(conversation, this.clock.now(), this.config.policy.defaultTimeZone),
      timeline: page.data,
      older_cursor: page.older_cursor,
      recent_purposes: purposes,
    };
  }

  /** An older page of the timeline. */
  async timelinePage(id: string, before: string | undefined, limit: number | undefined) {
    return this.timeline.page(await this.read(id), before, limit);
  }

  async addNote(id: string, text: string, by: Principal) {
    return this.timeline.addNote(await this.find(id), text, by);
  }

  /** The thread with a phone number on a business number, created if absent (an agent starting a conversation). */
  async open(dto: OpenConversationDto) {
    const phone = normalizeE164(dto.to);
    if (!phone.ok) throw DomainError.validation([{ field: 'to', message: `is not a valid phone number (${phone.reason})` }]);
    const id = await this.ensureForOutbound(dto.phone_number_id ?? this.config.whatsapp.phoneNumberId, phone.waId);
    return this.presented(await this.find(id));
  }

  /** Closing, reopening and (un)assigning: transitions audited with who did it (ConversationTransitions). */
  async update(id: string, dto: UpdateConversationDto, by: Principal) {
    await this.find(id);
    if (dto.assignee && !(await this.repo.isActiveStaff(dto.assignee)))
      throw DomainError.validation([{ field: 'assignee', message: 'is not an active staff member' }]);
    await this.transitions.apply(id, { state: dto.state, assignee: dto.assignee }, by);
    return this.presented(await this.find(id));
  }

  /** Labels in use, most used first: what the list's label filter offers. */
  async labelsInUse() {
    return { data: await this.repo.labelsInUse(LABELS_IN_USE) };
  }

  /** Replaces the thread's labels (normalised); a change is audited and announced. */
  async replaceLabels(id: string, input: readonly unknown[], by: Principal) {
    const decided = normalizeLabels(input);
    if (!decided.ok) throw DomainError.validation(decided.problems.map((p) => ({ field: p.field, message: p.message })));
    const current = await this.find(id);
    // The same set in another order is no change: nothing written, nothing recorded.
    if (current.labels.length === decided.labels.length && decided.labels.every((l) => current.labels.includes(l))) return this.presented(current);
    const before = await this.repo.replaceLabels(id, decided.labels, this.clock.now());
    if (before === null) throw DomainError.notFound('conversation');
    const added = decided.labels.filter((l) => !before.includes(l));
    const removed = before.filter((l) => !decided.labels.includes(l));
    if (added.length + removed.length > 0) {
      await this.audit.record({
        actor: actorOf(by),
        action: 'conversation.labels_changed',
        subjectType: 'conversation',
        subjectId: id,
        details: { labels: { from: before, to: decided.labels }, added, removed },
      });
      this.events.publish('conversation.changed', { conversation_id: id, change: 'labels', labels: decided.labels, by: actorOf(by) });
    }
    return this.presented(await this.find(id));
  }

  /** Hides an open thread from the Open list until a time or until the customer writes; audited and announced. */
  async snooze(id: string, until: unknown, by: Principal) {
    const now = this.clock.now();
    const asked = parseSnoozeUntil(until, now);
    if (!asked.ok) throw DomainError.validation([{ field: 'until', message: asked.message }]);
    const conversation = await this.find(id);
    if (conversation.state !== 'open') throw DomainError.validation([{ field: 'conversation', message: 'only an open conversation can be snoozed' }]);
    const before = await this.repo.snooze(id, asked.until, now);
    if (before === null) throw DomainError.validation([{ field: 'conversation', message: 'only an open conversation can be snoozed' }]);
    const untilIso = asked.until?.toISOString() ?? null;
    await this.audit.record({
      actor: actorOf(by),
      action: 'conversation.snoozed',
      subjectType: 'conversation',
      subjectId: id,
      details: {
        until: untilIso,
        until_customer_reply: asked.until === null,
        ...(before.snoozedAt ? { was_until: before.snoozedUntil?.toISOString() ?? null } : {}),
      },
    });
    this.events.publish('conversation.changed', { conversation_id: id, change: 'snoozed', until: untilIso, by: actorOf(by) });
    return this.presented(await this.find(id));
  }

  /** Wakes a snoozed thread by hand (nothing to do, and nothing audited, when it is awake). */
  async wake(id: string, by: Principal) {
    await this.find(id);
    const woke = await this.repo.wake(id, this.clock.now());
    if (woke) {
      await this.audit.record({
        actor: actorOf(by),
        action: 'conversation.woken',
        subjectType: 'conversation',
        subjectId: id,
        details: { reason: 'by_hand', until: woke.snoozedUntil?.toISOString() ?? null },
      });
      this.events.publish('conversation.changed', { conversation_id: id, change: 'woken', reason: 'by_hand', by: actorOf(by) });
    }
    return this.presented(await this.find(id));
  }

  /** Who assigned, closed and reopened the thread, oldest first. */
  async history(id: string) {
    await this.find(id);
    return { data: await this.audit.trail('conversation', id) };
  }

  /** The agent has seen the thread: unread back to zero, and (MARK_READ_ON_OPEN) blue ticks at Meta. */
  async markSeen(id: string) {
    const conversation = await this.find(id);
    await this.repo.updateConversation(id, { unreadCount: 0 }, this.clock.now());
    this.events.publish('conversation.changed', { conversation_id: id, change: 'seen' });
    if (this.config.conversations.markReadOnOpen) void this.presence.markRead(conversation, 'open');
    return this.presented(await this.find(id));
  }

  /** An agent is typing in the thread: Meta's typing indicator, at most once per 20 s, only inside the window. */
  async typing(id: string) {
    return this.presence.typing(await this.find(id));
  }

  /**
   * An agent's reply: enqueued through the outbox like any message, deduplicated by the client's
   * request id (the body's, else the Idempotency-Key header; a random one when neither is given).
   */
  async reply(id: string, dto: AgentReplyDto, idempotencyKey: string | undefined, by: Principal) {
    const requestId = dto.client_request_id ?? idempotencyKey?.trim() ?? randomUUID();
    const { message, deduplicated, conversation } = await this.enqueueReply(
      id,
      { text: dto.text, template: dto.template, media: dto.media, replyTo: dto.reply_to, requestId },
      actorOf(by),
    );
    // The customer's wait ends with the reply in the outbox (recorded for reports, a breach resolved).
    if (!deduplicated && by.kind === 'staff') await this.targets.replied(id, by.staffId, message.id);
    const [presented] = await this.messages.present([message], { fresh: !deduplicated });
    if (!deduplicated) {
      this.events.publish('conversation.changed', { conversation_id: id, change: 'reply', direction: 'outbound', message_id: message.id, by: actorOf(by) });
      // Answering is reading: the customer's messages get their blue ticks (MARK_READ_ON_REPLY).
      if (this.config.conversations.markReadOnReply) void this.presence.markRead(conversation, 'reply');
    }
    return { message: presented!, deduplicated };
  }

  private presented(conversation: ConversationView) {
    return { conversation: presentConversation(conversation, this.clock.now(), this.config.policy.defaultTimeZone) };
  }

  /** 404 unless the conversation exists. */
  async ensureExists(id: string): Promise<void> {
    await this.find(id);
  }

  /** As find, for showing it: the replica may serve it (ReadDatabase). */
  private async read(id: string): Promise<ConversationView> {
    const found = UUID.test(id) ? await this.repo.readConversation(id) : null;
    if (!found) throw DomainError.notFound('conversation');
    return found;
  }

  private async find(id: string): Promise<ConversationView> {
    const found = UUID.test(id) ? await this.repo.findConversation(id) : null;
    if (!found) throw DomainError.notFound('conversation');
    return found;
  }

  /** The conversation an outbound message to `toWaId` belongs to, created if absent (opening a thread). */
  async ensureForOutbound(phoneNumberId: string, toWaId: string): Promise<string> {
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const contactId =
        (await this.repo.findContactByWaId(tx, phoneNumberId, toWaId)) ??
        (await this.repo.upsertContact(tx, { phoneNumberId, key: toWaId, waId: toWaId, userId: null, name: null }, now));
      return this.repo.upsertConversation(tx, { phoneNumberId, contactId, inboundAt: null, opensWindow: false, unread: 0, windowMs: 0 }, now);
    });
  }

  /** Free text is refused outside the 24 h window (a template is always allowed). */
  private async enqueueReply(id: string, reply: AgentReply, actor: string): Promise<EnqueueResult & { conversation: ConversationView }> {
    const conversation = await this.find(id);
    const given = [reply.text, reply.template, reply.media].filter((part) => part !== undefined).length;
    if (given !== 1) throw DomainError.validation([{ field: 'text', message: 'give exactly one of text, media or template' }]);
    // A username user known only by a business-scoped user id is answered by `recipient`.
    const address = replyAddress(conversation.contact);
    if (!address) throw DomainError.validation([{ field: 'conversation', message: 'the contact has neither a phone number nor a user id to send to' }]);
    const recipientId = 'to' in address ? conversation.contact.waId! : address.recipient;
    // Checked before the window: a bad upload id is a 400 whatever the window says.
    const media = reply.media ? await this.replyMedia.resolve(reply.media) : null;

    if (reply.template === undefined && (await this.gate.decideFreeForm(conversation.phoneNumberId, recipientId, this.clock.now())) === 'closed') {
      throw new DomainError(ErrorCode.WindowClosed, 'the 24 h customer-service window is closed: only a template can be sent', {
        window_open_until: conversation.windowOpenUntil?.toISOString() ?? null,
      });
    }
    // A file goes to Meta only now, once the reply may be sent; a retry reuses the id Meta gave.
    const payload: Record<string, unknown> = media
      ? await media.build(conversation.phoneNumberId)
      : reply.text !== undefined
        ? { type: 'text', text: { body: reply.text, preview_url: false } }
        : { type: 'template', template: reply.template };
    if (reply.replyTo !== undefined) payload.context = { message_id: await this.contextWamid(conversation, reply.replyTo) };

    const dto: CreateMessageDto = {
      dedupe_key: `conversation:${conversation.id}:reply:${reply.requestId}`,
      ...address,
      purpose: 'agent_reply',
      trigger_ref: `conversations/${conversation.id}`,
      payload,
      // A customer waiting in a thread goes ahead of what integrators enqueue (their keys stay below).
      priority: AGENT_REPLY_PRIORITY,
      phone_number_id: conversation.phoneNumberId,
    };
    const result = await this.outbox.enqueue(dto, actor);
    if (!result.deduplicated) await this.repo.updateConversation(conversation.id, { unreadCount: 0, touch: true }, this.clock.now());
    return { ...result, conversation };
  }

  /** The wamid `replyTo` names within this thread: an inbound message (id or wamid), else one we sent. */
  private async contextWamid(conversation: ConversationView, replyTo: string): Promise<string> {
    const bad = DomainError.validation([{ field: 'reply_to', message: 'names no message of this conversation' }]);
    const inbound = UUID.test(replyTo) ? await this.repo.findInbound(replyTo) : await this.repo.findInboundByWamid(conversation.phoneNumberId, replyTo);
    if (inbound) {
      if (inbound.conversationId !== conversation.id) throw bad;
      return inbound.wamid;
    }
    const outbound = UUID.test(replyTo) ? await this.repo.findOutbound(replyTo) : await this.repo.findOutboundByWamid(conversation.phoneNumberId, replyTo);
    if (outbound?.wamid && recipientIdsOf(conversation.contact).includes(outbound.toWaId)) return outbound.wamid;
    throw bad;
  }
}
