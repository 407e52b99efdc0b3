import { Injectable } from '@nestjs/common';
import type { Message, TimelineEntry } from '@sendbook/api-contract';
import { recipientIdsOf } from '@sendbook/queue';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { isoTime } from '../../common/iso-time.js';
import { AuditService } from '../audit/audit.service.js';
import { EventsPublisher } from '../events/events.publisher.js';
import type { OutboundMessage } from '../outbox/outbound-message.entity.js';
import { MessagesService } from '../outbox/messages.service.js';
import { presentEcho, presentInbound } from './conversations.presenter.js';
import type { ConversationView } from './conversations.repository.js';
import type { InboundView } from './inbound-rows.js';
import { decodeTimelineCursor, encodeTimelineCursor, mergePage, type TimelinePosition } from './domain/timeline-cursor.js';
import { TimelineRepository, type NoteRow } from './timeline.repository.js';

export const TIMELINE_PAGE = 50;
export const TIMELINE_MAX_PAGE = 200;

/**
 * A thread's timeline, both directions (with what the business sent from the WhatsApp Business app)
 * and the team's notes, a page at a time from the newest:
 * a 5,000-message thread is a hundred pages, never one answer.
 */
@Injectable()
export class TimelineService {
  constructor(
    private readonly repo: TimelineRepository,
    private readonly messages: MessagesService,
    private readonly audit: AuditService,
    private readonly events: EventsPublisher,
    private readonly clock: Clock,
  ) {}

  /** The page of entries just before `cursor` (the newest page without one), oldest first. */
  async page(
    conversation: ConversationView,
    cursor: string | undefined,
    limit = TIMELINE_PAGE,
  ): Promise<{ data: TimelineEntry[]; older_cursor: string | null }> {
    const before = cursor === undefined ? null : decodeTimelineCursor(cursor);
    if (before === null && cursor !== undefined) throw DomainError.validation([{ field: 'before', message: 'is not a cursor this API gave out' }]);
    const take = Math.min(Math.max(limit, 1), TIMELINE_MAX_PAGE) + 1;
    const recipientIds = recipientIdsOf(conversation.contact);
    const [inbound, outbound, echoes, notes] = await Promise.all([
      this.repo.inbound(conversation.id, before, take),
      recipientIds.length > 0 ? this.repo.outbound(conversation.phoneNumberId, recipientIds, before, take) : Promise.resolve([]),
      this.repo.echoes(conversation.id, before, take),
      this.repo.notes(conversation.id, before, take),
    ]);
    type Candidate = { position: TimelinePosition; build: () => TimelineEntry };
    const [presentedOut, names] = await Promise.all([this.messages.present(outbound.map((o) => o.row)), this.audit.names(notes.map((n) => n.row.author))]);
    const outById = new Map(presentedOut.map((m) => [m.id, m]));
    const candidates: Candidate[] = [
      ...inbound.map(({ position, row }) => ({ position, build: () => inboundEntry(row) })),
      ...outbound.map(({ position, row }) => ({ position, build: () => outboundEntry(row, outById.get(row.id)!) })),
      ...echoes.map(({ position, row }) => ({
        position,
        build: (): TimelineEntry => ({ direction: 'echo', at: isoTime(row.timestamp ?? row.createdAt), echo: presentEcho(row) }),
      })),
      ...notes.map(({ position, row }) => ({
        position,
        build: (): TimelineEntry => ({ direction: 'note', at: isoTime(row.createdAt), note: presentNote(row, names) }),
      })),
    ];
    const { page, more } = mergePage(candidates, take - 1);
    return { data: page.map((c) => c.build()), older_cursor: more && page[0] ? encodeTimelineCursor(page[0].position) : null };
  }

  /**
   * Each thread's newest message either way, for the list (notes are for the team, not what was
   * said): two set-based reads for the whole page. Compared by when each entered the thread.
   */
  async latest(conversations: readonly ConversationView[]): Promise<Map<string, TimelineEntry>> {
    const ids = conversations.map((c) => c.id);
    const [inbound, outbound, echoes] = await Promise.all([
      this.repo.latestInbound(ids),
      this.repo.latestOutbound(conversations.map((c) => ({ conversationId: c.id, phoneNumberId: c.phoneNumberId, recipientIds: recipientIdsOf(c.contact) }))),
      this.repo.latestEchoes(ids),
    ]);
    const presented = new Map((await this.messages.present([...outbound.values()])).map((m) => [m.id, m]));
    const latest = new Map<string, TimelineEntry>();
    for (const { id } of conversations) {
      // Ours (sent here or from the phone) wins a tie: it answered what came in the same instant.
      const candidates: { at: number; rank: number; entry: () => TimelineEntry }[] = [];
      const inn = inbound.get(id);
      const out = outbound.get(id);
      const echo = echoes.get(id);
      if (inn) candidates.push({ at: inn.createdAt.getTime(), rank: 0, entry: () => inboundEntry(inn) });
      if (out) candidates.push({ at: out.createdAt.getTime(), rank: 1, entry: () => outboundEntry(out, presented.get(out.id)!) });
      if (echo)
        candidates.push({
          at: echo.createdAt.getTime(),
          rank: 1,
          entry: () => ({ direction: 'echo', at: isoTime(echo.timestamp ?? echo.createdAt), echo: presentEcho(echo) }),
        });
      const newest = candidates.sort((a, b) => b.at - a.at || b.rank - a.rank)[0];
      if (newest) latest.set(id, newest.entry());
    }
    return latest;
  }

  /** A private note: stored, shown to the team, never sent to the customer. */
  async addNote(conversation: ConversationView, text: string, by: Principal) {
    const note = await this.repo.insertNote({ conversationId: conversation.id, author: actorOf(by), text: text.trim(), at: this.clock.now() });
    await this.audit.record({
      actor: actorOf(by),
      action: 'conversation.note_added',
      subjectType: 'conversation',
      subjectId: conversation.id,
      details: { note_id: note.id },
    });
    this.events.publish('conversation.changed', { conversation_id: conversation.id, change: 'note', note_id: note.id, by: actorOf(by) });
    return { note: presentNote(note, await this.audit.names([note.author])) };
  }

  /**
   * What an inbound message may answer, for the person attributing it by hand: the last ten
   * messages this number sent its sender before it arrived, with their text and time.
   */
  async candidates(inbound: { phoneNumberId: string; fromWaId: string | null; fromUserId: string | null; createdAt: Date }) {
    const recipientIds = recipientIdsOf({ waId: inbound.fromWaId, userId: inbound.fromUserId });
    if (recipientIds.length === 0) return { data: [] };
    const rows = await this.repo.sentBefore(inbound.phoneNumberId, recipientIds, inbound.createdAt, 10);
    return { data: await this.messages.present(rows) };
  }

  /** For the contact panel: what was last sent to this contact, and for which business record. */
  async recentPurposes(conversation: ConversationView) {
    const recipientIds = recipientIdsOf(conversation.contact);
    if (recipientIds.length === 0) return [];
    const rows = await this.repo.recentPurposes(conversation.phoneNumberId, recipientIds, 10);
    return rows.map((r) => ({ message_id: r.id, purpose: r.purpose, trigger_ref: r.trigger_ref, state: r.state, created_at: isoTime(r.created_at) }));
  }
}

/** A customer's message in a thread, at Meta's time for it (else when we received it). */
function inboundEntry(row: InboundView): TimelineEntry {
  return { direction: 'inbound', at: isoTime(row.timestamp ?? row.createdAt), inbound: presentInbound(row) };
}

/** One of ours in a thread, at when it was queued; `message` is its presented resource. */
function outboundEntry(row: OutboundMessage, message: Message): TimelineEntry {
  return { direction: 'outbound', at: isoTime(row.createdAt), message };
}

function presentNote(n: NoteRow, names: ReadonlyMap<string, string>) {
  return { id: n.id, text: n.text, author: n.author, author_name: names.get(n.author) ?? n.author, created_at: isoTime(n.createdAt) };
}
