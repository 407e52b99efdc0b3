import { Injectable } from '@nestjs/common';
import { olderThan, type SearchPosition, type SearchSource } from '@sendbook/queue';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

/**
 * What one search asks of each source. Each expression below is written exactly as its index in
 * migration 1796240100000 is, so PostgreSQL can use the index; change one only with the other.
 */
export interface SearchCriteria {
  /** `to_tsquery('simple', …)` text of the words; null without words. */
  readonly words: string | null;
  /** tsquery literal naming the templates whose own words matched (`'template:name:lang' | …`); null for none. */
  readonly templates: string | null;
  /** ILIKE pattern for wamids, `dedupe_key` and `trigger_ref`; null when the query is no identifier. */
  readonly identifier: string | null;
  /** LIKE pattern for a contact's phone digits; null when the query is no number. */
  readonly phone: string | null;
  /** Only results older than this position (the cursor). */
  readonly after: SearchPosition | null;
  /** Rows per source: the page size plus one, to know whether there is more. */
  readonly take: number;
}

interface Positioned {
  readonly position: SearchPosition;
  readonly conversationId: string;
}
export interface InboundHit extends Positioned {
  readonly source: 'inbound';
  readonly id: string;
  readonly text: string | null;
  readonly wamid: string;
  readonly at: Date;
}
export interface MessageHit extends Positioned {
  readonly source: 'message';
  readonly id: string;
  readonly payload: Record<string, unknown>;
  readonly triggerRef: string | null;
  readonly dedupeKey: string;
  readonly wamid: string | null;
  readonly at: Date;
}
export interface NoteHit extends Positioned {
  readonly source: 'note';
  readonly id: string;
  readonly text: string;
  readonly at: Date;
}
/** A thread whose contact's name or number matched, positioned at its last activity. */
export interface ContactHit extends Positioned {
  readonly source: 'contact';
  readonly at: Date;
}
export type SearchHit = InboundHit | MessageHit | NoteHit | ContactHit;

export interface ThreadContact {
  readonly name: string | null;
  readonly waId: string | null;
}

/** The message a thread ends with: where a name or number match opens it. */
export interface NewestMessage {
  readonly kind: 'inbound' | 'message';
  readonly id: string;
}

const INBOUND_WORDS = `to_tsvector('simple'::regconfig, coalesce(i.text, ''))`;
const NOTE_WORDS = `to_tsvector('simple'::regconfig, n.text)`;
const CONTACT_NAME = `to_tsvector('simple'::regconfig, coalesce(k.name, ''))`;
/** A template's own words (header, body, footer, buttons): the `text` values of its components. */
const TEMPLATE_WORDS = `to_tsvector('simple'::regconfig, jsonb_path_query_array(t.components, 'strict $.** ? (@.type() == "object").keyvalue() ? (@.key == "text" && @.value.type() == "string").value', '{}'::jsonb, true))`;
/** Microseconds since the epoch, exactly (extract gives numeric): the positions' time. */
const US = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint`;
/** An outbound message is in a thread when its recipient is a contact of its number with one. */
const IN_A_THREAD = `EXISTS (SELECT 1 FROM contacts k JOIN conversations c ON c.contact_id = k.id AND c.phone_number_id = k.phone_number_id
                      WHERE k.phone_number_id = t.phone_number_id AND (k.wa_id = t.to_wa_id OR k.user_id = t.to_wa_id))`;
const MAX_TEMPLATES = 100;

/**
 * Reads for search: each source's newest matches older than the cursor, then what the page shows
 * of them. Reads only. Each way of matching is its own branch with its own ORDER BY and LIMIT (a
 * UNION of them), so PostgreSQL picks per branch between the GIN index (few matches) and walking
 * the time index until enough match (many); one plan for "words OR id" would have to pick one for
 * both.
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The lexemes of the templates whose own words match (a few hundred templates at most: no index needed). */
  async templatesMatching(words: string): Promise<string[]> {
    const rows = await queryRows<{ lexeme: string }>(
      this.dataSource,
      `SELECT DISTINCT search_template_lexeme(t.name, t.language) AS lexeme FROM templates t
        WHERE ${TEMPLATE_WORDS} @@ to_tsquery('simple'::regconfig, $1) LIMIT ${MAX_TEMPLATES}`,
      [words],
    );
    return rows.map((r) => r.lexeme);
  }

  /** Every source's candidates at once: at most `take` each, newest first. */
  async candidates(c: SearchCriteria): Promise<SearchHit[]> {
    const found = await Promise.all([this.inbound(c), this.messages(c), this.notes(c), this.contacts(c)]);
    return found.flat();
  }

  private async inbound(c: SearchCriteria): Promise<InboundHit[]> {
    const params: unknown[] = [];
    const before = older('inbound', 'i.created_at', 'i.id', c.after, params);
    const take = `$${params.push(c.take)}`;
    const branch = (match: string) =>
      `(SELECT i.id, i.created_at FROM inbound_messages i WHERE ${match} ${before} ORDER BY i.created_at DESC, i.id DESC LIMIT ${take})`;
    const branches = [
      ...(c.words ? [branch(`${INBOUND_WORDS} @@ to_tsquery('simple'::regconfig, $${params.push(c.words)})`)] : []),
      ...(c.identifier ? [branch(`i.wamid ILIKE $${params.push(c.identifier)}`)] : []),
    ];
    if (branches.length === 0) return [];
    const rows = await queryRows<{ id: string; conversation_id: string; text: string | null; wamid: string; at: Date; sort_us: string }>(
      this.dataSource,
      `SELECT i.id, a.conversation_id, i.text, i.wamid, COALESCE(i."timestamp", i.created_at) AS at, ${US('i.created_at')} AS sort_us
         FROM (${branches.join(' UNION ')}) hit
         JOIN inbound_messages i ON i.id = hit.id
         JOIN inbound_attributions a ON a.inbound_message_id = i.id
        ORDER BY hit.created_at DESC, hit.id DESC LIMIT ${take}`,
      params,
    );
    return rows.map((r) => ({
      source: 'inbound',
      position: { atUs: BigInt(r.sort_us), source: 'inbound', id: r.id },
      conversationId: r.conversation_id,
      id: r.id,
      text: r.text,
      wamid: r.wamid,
      at: new Date(r.at),
    }));
  }

  /**
   * Ours, from the terms kept beside them (outbound_search_terms): their words, their dedupe key
   * and trigger_ref, their wamid. The thread is the one with the contact the message was sent to,
   * from the number it was sent from; a message with none (sent to someone who never wrote) is no
   * place to open.
   */
  private async messages(c: SearchCriteria): Promise<MessageHit[]> {
    const params: unknown[] = [];
    const before = older('message', 't.created_at', 't.message_id', c.after, params);
    const take = `$${params.push(c.take)}`;
    const branch = (match: string) =>
      `(SELECT t.message_id, t.created_at FROM outbound_search_terms t WHERE ${match} ${before} AND ${IN_A_THREAD}
         ORDER BY t.created_at DESC, t.message_id DESC LIMIT ${take})`;
    const query = [
      ...(c.words ? [`to_tsquery('simple'::regconfig, $${params.push(c.words)})`] : []),
      ...(c.templates ? [`$${params.push(c.templates)}::tsquery`] : []),
    ];
    const branches = [
      ...(query.length > 0 ? [branch(`t.words @@ (${query.join(' || ')})`)] : []),
      ...(c.identifier ? (['content', 'wamid'] as const).map((part) => branch(`t.part = '${part}' AND t.ids ILIKE $${params.push(c.identifier)}`)) : []),
    ];
    if (branches.length === 0) return [];
    const rows = await queryRows<{
      id: string;
      conversation_id: string;
      payload: Record<string, unknown>;
      trigger_ref: string | null;
      dedupe_key: string;
      wamid: string | null;
      created_at: Date;
      sort_us: string;
    }>(
      this.dataSource,
      `SELECT o.id, th.conversation_id, o.payload, o.trigger_ref, o.dedupe_key, o.wamid, o.created_at, ${US('o.created_at')} AS sort_us
         FROM (${branches.join(' UNION ')}) hit
         JOIN outbound_messages o ON o.id = hit.message_id
         CROSS JOIN LATERAL (
           SELECT c.id AS conversation_id FROM contacts k JOIN conversations c ON c.contact_id = k.id AND c.phone_number_id = k.phone_number_id
            WHERE k.phone_number_id = o.phone_number_id AND (k.wa_id = o.to_wa_id OR k.user_id = o.to_wa_id)
            ORDER BY (k.wa_id = o.to_wa_id) DESC, k.created_at LIMIT 1) th
        ORDER BY hit.created_at DESC, hit.message_id DESC LIMIT ${take}`,
      params,
    );
    return rows.map((r) => ({
      source: 'message',
      position: { atUs: BigInt(r.sort_us), source: 'message', id: r.id },
      conversationId: r.conversation_id,
      id: r.id,
      payload: r.payload,
      triggerRef: r.trigger_ref,
      dedupeKey: r.dedupe_key,
      wamid: r.wamid,
      at: new Date(r.created_at),
    }));
  }

  private async notes(c: SearchCriteria): Promise<NoteHit[]> {
    if (!c.words) return [];
    const params: unknown[] = [c.words];
    const rows = await queryRows<{ id: string; conversation_id: string; text: string; created_at: Date; sort_us: string }>(
      this.dataSource,
      `SELECT n.id, n.conversation_id, n.text, n.created_at, ${US('n.created_at')} AS sort_us FROM conversation_notes n
        WHERE ${NOTE_WORDS} @@ to_tsquery('simple'::regconfig, $1) ${older('note', 'n.created_at', 'n.id', c.after, params)}
        ORDER BY n.created_at DESC, n.id DESC LIMIT $${params.push(c.take)}`,
      params,
    );
    return rows.map((r) => ({
      source: 'note',
      position: { atUs: BigInt(r.sort_us), source: 'note', id: r.id },
      conversationId: r.conversation_id,
      id: r.id,
      text: r.text,
      at: new Date(r.created_at),
    }));
  }

  /** Threads whose contact's name or number matched, by their last activity. */
  private async contacts(c: SearchCriteria): Promise<ContactHit[]> {
    const params: unknown[] = [];
    const before = older('contact', 'c.last_activity_at', 'c.id', c.after, params);
    const take = `$${params.push(c.take)}`;
    const branch = (match: string) =>
      `(SELECT c.id, c.last_activity_at FROM contacts k JOIN conversations c ON c.contact_id = k.id
         WHERE ${match} ${before} ORDER BY c.last_activity_at DESC, c.id DESC LIMIT ${take})`;
    const branches = [
      ...(c.words ? [branch(`${CONTACT_NAME} @@ to_tsquery('simple'::regconfig, $${params.push(c.words)})`)] : []),
      ...(c.phone ? [branch(`k.wa_id LIKE $${params.push(c.phone)}`)] : []),
    ];
    if (branches.length === 0) return [];
    const rows = await queryRows<{ id: string; last_activity_at: Date; sort_us: string }>(
      this.dataSource,
      `SELECT hit.id, hit.last_activity_at, ${US('hit.last_activity_at')} AS sort_us FROM (${branches.join(' UNION ')}) hit
        ORDER BY hit.last_activity_at DESC, hit.id DESC LIMIT ${take}`,
      params,
    );
    return rows.map((r) => ({
      source: 'contact',
      position: { atUs: BigInt(r.sort_us), source: 'contact', id: r.id },
      conversationId: r.id,
      at: new Date(r.last_activity_at),
    }));
  }

  /** Each thread's contact, for the page's results. */
  async threadContacts(conversationIds: readonly string[]): Promise<Map<string, ThreadContact>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await queryRows<{ id: string; name: string | null; wa_id: string | null }>(
      this.dataSource,
      `SELECT c.id, k.name, k.wa_id FROM conversations c JOIN contacts k ON k.id = c.contact_id WHERE c.id = ANY($1::uuid[])`,
      [conversationIds],
    );
    return new Map(rows.map((r) => [r.id, { name: r.name, waId: r.wa_id }]));
  }

  /**
   * Each thread's newest message either way (notes are the team's, not what was said): a probe of
   * the attributions by thread and one of our rows per id the contact is addressed by.
   */
  async newestMessages(conversationIds: readonly string[]): Promise<Map<string, NewestMessage>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await queryRows<{ conversation_id: string; kind: 'inbound' | 'message'; id: string }>(
      this.dataSource,
      `SELECT c.id AS conversation_id, m.kind, m.id
         FROM conversations c JOIN contacts k ON k.id = c.contact_id
         CROSS JOIN LATERAL (
           SELECT * FROM (
             (SELECT 'inbound' AS kind, i.id, i.created_at FROM inbound_attributions a JOIN inbound_messages i ON i.id = a.inbound_message_id
               WHERE a.conversation_id = c.id ORDER BY a.created_at DESC LIMIT 1)
             UNION ALL
             (SELECT 'message', o.id, o.created_at FROM outbound_messages o WHERE o.phone_number_id = c.phone_number_id AND o.to_wa_id = k.wa_id
               ORDER BY o.created_at DESC LIMIT 1)
             UNION ALL
             (SELECT 'message', o.id, o.created_at FROM outbound_messages o WHERE o.phone_number_id = c.phone_number_id AND o.to_wa_id = k.user_id
               ORDER BY o.created_at DESC LIMIT 1)
           ) last ORDER BY last.created_at DESC LIMIT 1) m
        WHERE c.id = ANY($1::uuid[])`,
      [conversationIds],
    );
    return new Map(rows.map((r) => [r.conversation_id, { kind: r.kind, id: r.id }]));
  }
}

/**
 * SQL for "older than the cursor" of one source, on the column its index orders by: a source that
 * ranks below the cursor's may share its time, one above may not, its own breaks ties by id.
 */
function older(source: SearchSource, column: string, idColumn: string, cursor: SearchPosition | null, params: unknown[]): string {
  if (!cursor) return '';
  const at = `('epoch'::timestamptz + $${params.push(cursor.atUs.toString())}::bigint * interval '1 microsecond')`;
  switch (olderThan(source, cursor)) {
    case 'at_or_before':
      return `AND ${column} <= ${at}`;
    case 'strictly_before':
      return `AND ${column} < ${at}`;
    case 'before_by_id':
      return `AND (${column}, ${idColumn}) < (${at}, $${params.push(cursor.id)}::uuid)`;
  }
}
