import { Inject, Injectable } from '@nestjs/common';
import { awaitingAnswer, contactKey, decideAttribution, expectsReply, recipientIdsOf, type AttributionDecision } from '@sendbook/queue';
import { CUSTOMER_SERVICE_WINDOW_MS } from '@sendbook/whatsapp';
import type { EntityManager } from 'typeorm';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AuditService } from '../audit/audit.service.js';
import { ResponseTargetsService } from './response-targets.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import {
  ConversationsRepository,
  type ContactIdentityRow,
  type NewAttribution,
  type OutboundCandidate,
  type PlacedThread,
  type StoredInbound,
} from './conversations.repository.js';

/** Candidates are rows made up to this long before the awaiting window, and this long after the message. */
const CANDIDATES_BEFORE_MS = 3_600_000;
const CANDIDATES_AFTER_MS = 60_000;

type Candidate = OutboundCandidate & { toWaId: string; createdAt: Date };

/** Types that are not a user writing to us, so they do not open the 24 h window. */
const NOT_FROM_THE_USER = new Set(['system']);

/**
 * Places each newly stored inbound message: its contact, its conversation (reopened, window moved
 * by Meta's timestamp), and the outbound message it answers. Runs inside the webhook event's
 * transaction, so the message and where it belongs commit together, exactly once.
 */
@Injectable()
export class ConversationAttributionService {
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly logger: JsonLogger,
    private readonly events: EventsPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly targets: ResponseTargetsService,
  ) {}

  /**
   * Call once with the inbound rows a delivery has just inserted (all of one business number), in
   * the same transaction, in the order Meta sent them. A fixed number of statements however many
   * there are: the contacts, the candidates they may answer, then the threads and attributions
   * together. Each message is decided as if the ones before it were already attributed (a message
   * the first one answered awaits no answer from the second).
   */
  async onInboundStoredMany(tx: EntityManager, stored: readonly StoredInbound[], now: Date): Promise<AttributionDecision[]> {
    if (stored.length === 0) return [];
    const phoneNumberId = stored[0]!.phoneNumberId;
    if (stored.some((i) => i.phoneNumberId !== phoneNumberId)) throw new Error('onInboundStoredMany takes the messages of one business number');

    const contactIds = await this.contactsOf(tx, phoneNumberId, stored, now);
    const threads = new Map<string, { contactId: string; unread: number; activityAt: Date; inboundAt: Date | null }>();
    stored.forEach((inbound, i) => {
      const contactId = contactIds[i]!;
      const at = inbound.timestamp ?? now;
      const t = threads.get(contactId) ?? { contactId, unread: 0, activityAt: at, inboundAt: null };
      t.unread += 1;
      if (at > t.activityAt) t.activityAt = at;
      if (!NOT_FROM_THE_USER.has(inbound.type) && (t.inboundAt === null || at > t.inboundAt)) t.inboundAt = at;
      threads.set(contactId, t);
    });

    const candidates = await this.candidatesFor(tx, stored, now);
    const decisions: { result: AttributionDecision; stored: Omit<NewAttribution, 'inboundMessageId' | 'conversationId' | 'contactId'> }[] = [];
    for (const inbound of stored) {
      const decision = await this.decide(tx, inbound, candidates, now);
      // What this message answered is answered for the ones after it, as if it were stored already.
      if (decision.result.messageId && decision.result.reason !== 'reaction')
        for (const c of candidates) if (c.id === decision.result.messageId) c.answered = true;
      decisions.push(decision);
    }
    const threadOf = await this.repo.placeInbound(
      tx,
      phoneNumberId,
      [...threads.values()],
      stored.map((inbound, i) => ({ inboundMessageId: inbound.id, contactId: contactIds[i]!, ...decisions[i]!.stored })),
      CUSTOMER_SERVICE_WINDOW_MS,
      now,
    );
    stored.forEach((inbound, i) => this.announce(tx, inbound, threadOf.get(contactIds[i]!)!, decisions[i]!.result));
    for (const thread of threadOf.values()) if (thread.woke) await this.announceWoken(tx, thread);
    // The customers who wrote (not Meta's system notices) now wait for a reply, in this transaction.
    const wrote = [...threads.values()].filter((t) => t.inboundAt !== null).map((t) => threadOf.get(t.contactId)!.id);
    await this.targets.customersWrote(tx, wrote, now);
    return decisions.map((d) => d.result);
  }

  /**
   * Each message's contact. In one statement when the senders share nothing; else one at a time,
   * so that a contact the first creates is the one the second finds (a phone and then the same
   * phone with its user id, say), as when they came in separate deliveries.
   */
  private async contactsOf(tx: EntityManager, phoneNumberId: string, stored: readonly StoredInbound[], now: Date): Promise<string[]> {
    const identities = stored.map((inbound) => ({
      key: contactKey({ waId: inbound.fromWaId, userId: inbound.fromUserId }) ?? `unknown:${inbound.wamid}`,
      waId: inbound.fromWaId,
      userId: inbound.fromUserId,
      name: inbound.contactName,
    }));
    // One row per sender: repeated identical senders are one, with the last name given (COALESCE, one by one).
    const distinct = new Map<string, ContactIdentityRow>();
    for (const id of identities) {
      const memo = `${id.key}|${id.waId ?? ''}|${id.userId ?? ''}`;
      const seen = distinct.get(memo);
      distinct.set(memo, { ...id, name: id.name ?? seen?.name ?? null });
    }
    const rows = [...distinct.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const memoOf = (id: ContactIdentityRow) => `${id.key}|${id.waId ?? ''}|${id.userId ?? ''}`;
    let ids: string[];
    if (sharesNothing(rows)) ids = await this.repo.upsertContacts(tx, phoneNumberId, rows, now);
    else {
      ids = [];
      for (const row of rows) ids.push(await this.repo.upsertContact(tx, { phoneNumberId, ...row }, now));
    }
    const idOf = new Map(rows.map((row, i) => [memoOf(row), ids[i]!]));
    return identities.map((id) => idOf.get(memoOf(id))!);
  }

  /** A snoozed thread the customer woke by writing: audited in the delivery's transaction, announced once it commits. */
  private async announceWoken(tx: EntityManager, thread: PlacedThread): Promise<void> {
    await this.audit.record(
      { actor: 'webhook', action: 'conversation.woken', subjectType: 'conversation', subjectId: thread.id, details: { reason: 'customer_wrote' } },
      tx,
    );
    this.events.afterCommit(tx, 'conversation.changed', { conversation_id: thread.id, change: 'woken', reason: 'customer_wrote', assignee: thread.assignee });
  }

  /**
   * `inbound.created` carries what an inbox needs to decide whether to tell its agent (a sound, a
   * browser notification): the thread, its assignee as the message was placed, and the direction
   * (always `inbound`: a customer wrote). The message's text is not in the stream; the thread has it.
   */
  private announce(tx: EntityManager, inbound: StoredInbound, thread: PlacedThread, result: AttributionDecision): void {
    const conversationId = thread.id;
    this.events.afterCommit(tx, 'inbound.created', {
      inbound_id: inbound.id,
      wamid: inbound.wamid,
      type: inbound.type,
      direction: 'inbound',
      phone_number_id: inbound.phoneNumberId,
      conversation_id: conversationId,
      assignee: thread.assignee,
      attribution: result.attribution,
      message_id: result.messageId,
    });
    if (result.attribution === 'unattributed') {
      this.logger.event('info', 'conversations.unattributed_inbound', { inbound_id: inbound.id, wamid: inbound.wamid, reason: result.reason });
      this.events.afterCommit(tx, 'work_item.changed', {
        kind: 'unattributed_inbound',
        change: 'created',
        inbound_id: inbound.id,
        conversation_id: conversationId,
      });
    }
  }

  /** Whether a message could be an answer to what we sent (no context, not forwarded, not a reaction, from a phone). */
  /** A sender we can look answers up for: by phone, or by user id (a row sent by `recipient`). */
  private looksForAnAnswer(inbound: StoredInbound): boolean {
    return !namedWamidOf(inbound) && !isForwarded(inbound.raw) && inbound.type !== 'reaction' && (inbound.fromWaId !== null || inbound.fromUserId !== null);
  }

  /** The messages sent to any of these senders around their messages' times, in one statement. */
  private async candidatesFor(tx: EntityManager, stored: readonly StoredInbound[], now: Date): Promise<Candidate[]> {
    const asking = stored.filter((i) => this.looksForAnAnswer(i));
    if (asking.length === 0) return [];
    const times = asking.map((i) => (i.timestamp ?? now).getTime());
    const { awaitingAnswerMs } = this.config.conversations;
    return this.repo.outboundCandidatesOf(
      tx,
      stored[0]!.phoneNumberId,
      [...new Set(asking.flatMap((i) => recipientIdsOf({ waId: i.fromWaId, userId: i.fromUserId })))],
      new Date(Math.min(...times) - awaitingAnswerMs - CANDIDATES_BEFORE_MS),
      new Date(Math.max(...times) + CANDIDATES_AFTER_MS),
    );
  }

  private async decide(tx: EntityManager, inbound: StoredInbound, candidates: readonly Candidate[], now: Date) {
    const namedWamid = namedWamidOf(inbound);
    const forwarded = isForwarded(inbound.raw);
    const target = namedWamid ? await this.repo.resolveWamid(tx, inbound.phoneNumberId, namedWamid) : null;
    let awaiting: string[] = [];
    if (this.looksForAnAnswer(inbound)) {
      const at = inbound.timestamp ?? now;
      const { awaitingAnswerMs, replyPurposes } = this.config.conversations;
      const from = at.getTime() - awaitingAnswerMs - CANDIDATES_BEFORE_MS;
      const to = at.getTime() + CANDIDATES_AFTER_MS;
      const mine = candidates.filter(
        (c) => (c.toWaId === inbound.fromWaId || c.toWaId === inbound.fromUserId) && c.createdAt.getTime() > from && c.createdAt.getTime() <= to,
      );
      awaiting = awaitingAnswer(
        mine.map((c) => ({ id: c.id, sentAt: c.sentAt, answered: c.answered, expectsReply: expectsReply(c.payload, c.purpose, replyPurposes) })),
        at,
        awaitingAnswerMs,
      );
    }
    const result = decideAttribution({ type: inbound.type, namedWamid, target, forwarded, awaiting });
    return { result, stored: { attribution: result.attribution, reason: result.reason, messageId: result.messageId, namedWamid } };
  }
}

/** No two identities share a key, a phone or a user id: each finds or makes its own contact. */
function sharesNothing(rows: readonly ContactIdentityRow[]): boolean {
  const seen = new Set<string>();
  for (const r of rows) {
    for (const v of [`k:${r.key}`, r.waId ? `w:${r.waId}` : null, r.userId ? `u:${r.userId}` : null]) {
      if (v === null) continue;
      if (seen.has(v)) return false;
      seen.add(v);
    }
  }
  return true;
}

/** context.id, or for a reaction the message it reacts to. */
export function namedWamidOf(inbound: Pick<StoredInbound, 'type' | 'contextWamid' | 'raw'>): string | null {
  if (inbound.type === 'reaction') {
    const reaction = inbound.raw.reaction;
    const id = typeof reaction === 'object' && reaction !== null ? (reaction as { message_id?: unknown }).message_id : null;
    return typeof id === 'string' && id !== '' ? id : null;
  }
  return inbound.contextWamid;
}

function isForwarded(raw: Record<string, unknown>): boolean {
  const context = raw.context;
  if (typeof context !== 'object' || context === null) return false;
  const c = context as { forwarded?: unknown; frequently_forwarded?: unknown };
  return c.forwarded === true || c.frequently_forwarded === true;
}
