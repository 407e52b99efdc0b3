import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { ReadDatabase } from '../../database/replica/read-database.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { OutboundMessage } from '../outbox/outbound-message.entity.js';
import { beforeCondition, type TimelineKind, type TimelinePosition } from './domain/timeline-cursor.js';
import { toEcho, type EchoView } from './echo-store.js';
import { INBOUND_SELECT, toInbound, type InboundView } from './inbound-rows.js';

export interface NoteRow {
  id: string;
  conversationId: string;
  author: string;
  text: string;
  createdAt: Date;
}

export type Positioned<T> = { position: TimelinePosition; row: T };

/**
 * An inbound message sits at Meta's timestamp (whole seconds, so +999 ms keeps a reply after what it
 * answers within that second), but never after we received it.
 */
const INBOUND_AT = `LEAST(i.created_at, COALESCE(i."timestamp" + interval '999 milliseconds', i.created_at))`;
/** An echo sits like an inbound message: at Meta's timestamp (+999 ms), never after it reached us. */
const ECHO_AT = `LEAST(e.created_at, COALESCE(e."timestamp" + interval '999 milliseconds', e.created_at))`;
const US = (expr: string) => `(extract(epoch from ${expr}) * 1000000)::bigint`;

/**
 * The pieces of one thread's timeline, newest first, before a position: its inbound messages, what
 * we sent to its contact's phone from its number, what the business sent from the WhatsApp Business
 * app (echoes), and its notes. Each source gives `limit` rows (the caller merges them), so a page
 * costs four index-ordered reads however long the thread. What people read (the pages, the list's
 * latest messages, the contact panel's purposes) the replica may serve (`reads`).
 */
@Injectable()
export class TimelineRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadDatabase,
  ) {}

  async inbound(conversationId: string, before: TimelinePosition | null, limit: number): Promise<Positioned<InboundView>[]> {
    const params: unknown[] = [conversationId];
    const where = [`a.conversation_id = $1`, ...this.before('inbound', US(INBOUND_AT), 'i.id', before, params)];
    const rows = await this.reads.query<Record<string, unknown> & { sort_us: string }>(
      `SELECT * FROM (${INBOUND_SELECT.replace('SELECT i.id,', `SELECT ${US(INBOUND_AT)} AS sort_us, i.id,`)} WHERE ${where.join(' AND ')}) t ORDER BY sort_us DESC, id DESC LIMIT $${params.push(limit)}`,
      params,
    );
    return rows.map((r) => ({ position: { atUs: BigInt(r.sort_us), kind: 'inbound', id: r.id as string }, row: toInbound(r) }));
  }

  /** `waIds`: every id the contact's rows may be addressed by (its wa_id, its BSUID). */
  async outbound(phoneNumberId: string, waIds: readonly string[], before: TimelinePosition | null, limit: number): Promise<Positioned<OutboundMessage>[]> {
    const params: unknown[] = [phoneNumberId, waIds];
    const where = [`o.phone_number_id = $1`, `o.to_wa_id = ANY($2::text[])`, ...this.before('outbound', US('o.created_at'), 'o.id', before, params)];
    const rows = await this.reads.query<Record<string, unknown> & { sort_us: string }>(
      `SELECT o.*, ${US('o.created_at')} AS sort_us FROM outbound_messages o WHERE ${where.join(' AND ')} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.push(limit)}`,
      params,
    );
    const metadata = this.reads.getMetadata(OutboundMessage);
    return rows.map((r) => ({ position: { atUs: BigInt(r.sort_us), kind: 'outbound', id: r.id as string }, row: mapRawRow<OutboundMessage>(metadata, r) }));
  }

  /** Messages sent from the WhatsApp Business app to the thread's user (smb_message_echoes). */
  async echoes(conversationId: string, before: TimelinePosition | null, limit: number): Promise<Positioned<EchoView>[]> {
    const params: unknown[] = [conversationId];
    const where = [`e.conversation_id = $1`, ...this.before('echo', US(ECHO_AT), 'e.id', before, params)];
    const rows = await this.reads.query<Record<string, unknown> & { sort_us: string }>(
      `SELECT e.*, ${US(ECHO_AT)} AS sort_us FROM message_echoes e WHERE ${where.join(' AND ')} ORDER BY sort_us DESC, e.id DESC LIMIT $${params.push(limit)}`,
      params,
    );
    return rows.map((r) => ({ position: { atUs: BigInt(r.sort_us), kind: 'echo', id: r.id as string }, row: toEcho(r) }));
  }

  async notes(conversationId: string, before: TimelinePosition | null, limit: number): Promise<Positioned<NoteRow>[]> {
    const params: unknown[] = [conversationId];
    const where = [`n.conversation_id = $1`, ...this.before('note', US('n.created_at'), 'n.id', before, params)];
    const rows = await this.reads.query<{ id: string; conversation_id: string; author: string; text: string; created_at: Date; sort_us: string }>(
      `SELECT n.id, n.conversation_id, n.author, n.text, n.created_at, ${US('n.created_at')} AS sort_us FROM conversation_notes n
        WHERE ${where.join(' AND ')} ORDER BY n.created_at DESC, n.id DESC LIMIT $${params.push(limit)}`,
      params,
    );
    return rows.map((r) => ({
      position: { atUs: BigInt(r.sort_us), kind: 'note', id: r.id },
      row: { id: r.id, conversationId: r.conversation_id, author: r.author, text: r.text, createdAt: new Date(r.created_at) },
    }));
  }

  async insertNote(note: { conversationId: string; author: string; text: string; at: Date }): Promise<NoteRow> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO conversation_notes (conversation_id, author, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [note.conversationId, note.author, note.text, note.at],
    );
    return { id: row!.id, conversationId: note.conversationId, author: note.author, text: note.text, createdAt: note.at };
  }

  /** Messages we sent this phone from this number before an instant, newest first: what an unattributed reply may answer. */
  async sentBefore(phoneNumberId: string, waIds: readonly string[], before: Date, limit: number): Promise<OutboundMessage[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.dataSource,
      `SELECT o.* FROM outbound_messages o WHERE o.phone_number_id = $1 AND o.to_wa_id = ANY($2::text[]) AND o.created_at <= $3 ORDER BY o.created_at DESC, o.id DESC LIMIT $4`,
      [phoneNumberId, waIds, before, limit],
    );
    const metadata = this.dataSource.getMetadata(OutboundMessage);
    return rows.map((r) => mapRawRow<OutboundMessage>(metadata, r));
  }

  /** The last few things we sent to this contact, for the contact panel: what they were for, and the record behind them. */
  recentPurposes(
    phoneNumberId: string,
    waIds: readonly string[],
    limit: number,
  ): Promise<{ id: string; purpose: string; trigger_ref: string | null; state: string; created_at: Date }[]> {
    return this.reads.query(
      `SELECT id, purpose, trigger_ref, state, created_at FROM outbound_messages WHERE phone_number_id = $1 AND to_wa_id = ANY($2::text[]) ORDER BY created_at DESC, id DESC LIMIT $3`,
      [phoneNumberId, waIds, limit],
    );
  }

  /** SQL for "comes before the cursor" of one source (see beforeCondition). */
  private before(kind: TimelineKind, usExpr: string, idExpr: string, cursor: TimelinePosition | null, params: unknown[]): string[] {
    if (!cursor) return [];
    const at = `$${params.push(cursor.atUs.toString())}::bigint`;
    const condition = beforeCondition(kind, cursor);
    if (condition === 'at_or_before') return [`${usExpr} <= ${at}`];
    if (condition === 'strictly_before') return [`${usExpr} < ${at}`];
    return [`(${usExpr}, ${idExpr}) < (${at}, $${params.push(cursor.id)}::uuid)`];
  }

  /**
   * Each thread's newest inbound message (the one tied to it last), for the list: one index probe
   * per thread (inbound_attributions by conversation and time), however long the threads.
   */
  async latestInbound(conversationIds: readonly string[]): Promise<Map<string, InboundView>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.reads.query<Record<string, unknown>>(
      `SELECT t.* FROM unnest($1::uuid[]) AS x(conversation_id)
       CROSS JOIN LATERAL (${INBOUND_SELECT} WHERE a.conversation_id = x.conversation_id ORDER BY a.created_at DESC LIMIT 1) t`,
      [conversationIds],
    );
    return new Map(rows.map((r) => [r.conversation_id as string, toInbound(r)]));
  }

  /** Each thread's newest message sent from the WhatsApp Business app, for the list. Keyed by thread. */
  async latestEchoes(conversationIds: readonly string[]): Promise<Map<string, EchoView>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.reads.query<Record<string, unknown>>(
      `SELECT t.* FROM unnest($1::uuid[]) AS x(conversation_id)
       CROSS JOIN LATERAL (SELECT e.* FROM message_echoes e WHERE e.conversation_id = x.conversation_id ORDER BY e.created_at DESC, e.id DESC LIMIT 1) t`,
      [conversationIds],
    );
    return new Map(rows.map((r) => [r.conversation_id as string, toEcho(r)]));
  }

  /**
   * Each thread's newest outbound message, for the list: per thread and per id its contact's rows
   * may be addressed by, one probe of (phone_number_id, to_wa_id, created_at). Keyed by thread.
   */
  async latestOutbound(
    threads: readonly { conversationId: string; phoneNumberId: string; recipientIds: readonly string[] }[],
  ): Promise<Map<string, OutboundMessage>> {
    const wanted = threads.filter((t) => t.recipientIds.length > 0);
    if (wanted.length === 0) return new Map();
    const rows = await this.reads.query<Record<string, unknown> & { thread_id: string }>(
      `SELECT x.thread_id, o.* FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(thread_id, phone, ids)
       CROSS JOIN LATERAL (
         SELECT last.* FROM unnest(string_to_array(x.ids, chr(31))) AS r(id)
         CROSS JOIN LATERAL (SELECT o.* FROM outbound_messages o WHERE o.phone_number_id = x.phone AND o.to_wa_id = r.id ORDER BY o.created_at DESC, o.id DESC LIMIT 1) last
         ORDER BY last.created_at DESC, last.id DESC LIMIT 1) o`,
      // The unit separator cannot occur in a phone number or a WhatsApp user id.
      [wanted.map((t) => t.conversationId), wanted.map((t) => t.phoneNumberId), wanted.map((t) => t.recipientIds.join(String.fromCharCode(31)))],
    );
    const metadata = this.reads.getMetadata(OutboundMessage);
    return new Map(rows.map((r) => [r.thread_id, mapRawRow<OutboundMessage>(metadata, r)]));
  }
}
