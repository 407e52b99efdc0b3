import { Injectable } from '@nestjs/common';
import type { SearchPosition } from '@sendbook/queue';
import { ReadDatabase } from '../../database/replica/read-database.js';
import { newestMatches, type Branch, type BranchKey } from './search-branch.js';

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

const INBOUND_WORDS = `search_words(i.text)`;
const NOTE_WORDS = `search_words(n.text)`;
const CONTACT_NAME = `search_words(k.name)`;
/** A template's own words (header, body, footer, buttons): the `text` values of its components. */
const TEMPLATE_WORDS = `to_tsvector('simple'::regconfig, jsonb_path_query_array(t.components, 'strict $.** ? (@.type() == "object").keyvalue() ? (@.key == "text" && @.value.type() == "string").value', '{}'::jsonb, true))`;
/** Microseconds since the epoch, exactly (extract gives numeric): the positions' time. */
const US = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint`;
/**
 * An outbound message is in a thread when its recipient is a contact of its number with one: by
 * phone or by user id, each its own probe of a (phone_number_id, …) index.
 */
const THREAD_OF = (row: string, id: 'wa_id' | 'user_id') =>
  `SELECT 1 FROM contacts k JOIN conversations c ON c.contact_id = k.id AND c.phone_number_id = k.phone_number_id
    WHERE k.phone_number_id = ${row}.phone_number_id AND k.${id} = ${row}.to_wa_id`;
// One EXISTS over both probes: an OR of two EXISTS is planned as hashing every contact.
const IN_A_THREAD = `EXISTS (${THREAD_OF('hit', 'wa_id')} UNION ALL ${THREAD_OF('hit', 'user_id')})`;
/** The trigram indexes' expressions (migration 1796240100000): never the bare column, see there. */
const INBOUND_WAMID = `lower(i.wamid)`;
const CONTACT_PHONE = `coalesce(k.wa_id, '')`;
const MAX_TEMPLATES = 100;

/**
 * Reads for search: each source's newest matches older than the cursor (search-branch.ts: one
 * branch per way of matching, each its own indexed read), then what the page shows of them.
 * Reads only, all of which the replica may serve (ReadDatabase).
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly reads: ReadDatabase) {}

  /** The lexemes of the templates whose own words match (a few hundred templates at most: no index needed). */
  async templatesMatching(words: string): Promise<string[]> {
    const rows = await this.reads.query<{ lexeme: string }>(
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
    const branch = (match: string, param: string): Branch => ({
      source: 'inbound',
      from: 'inbound_messages i',
      match,
      time: 'i.created_at',
      id: 'i.id',
      params: [param],
    });
    const ids = await this.newest(c, [
      ...(c.words ? [branch(`${INBOUND_WORDS} @@ to_tsquery('simple'::regconfig, $1)`, c.words)] : []),
      ...(c.identifier ? [branch(`${INBOUND_WAMID} LIKE $1`, c.identifier.toLowerCase())] : []),
    ]);
    if (ids.length === 0) return [];
    const rows = await this.reads.query<{ id: string; conversation_id: string; text: string | null; wamid: string; at: Date; sort_us: string }>(
      `SELECT i.id, a.conversation_id, i.text, i.wamid, COALESCE(i."timestamp", i.created_at) AS at, ${US('i.created_at')} AS sort_us
         FROM inbound_messages i JOIN inbound_attributions a ON a.inbound_message_id = i.id WHERE i.id = ANY($1::uuid[])`,
      [ids],
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
   * Ours, by the terms kept beside them (outbound_search_terms, outbound_search_wamids): their
   * words, their dedupe key and trigger_ref, their wamid. The thread is the one with the contact the message was sent to,
   * from the number it was sent from; a message with none (sent to someone who never wrote) is no
   * place to open.
   */
  private async messages(c: SearchCriteria): Promise<MessageHit[]> {
    const branch = (table: 't' | 'w', match: string, params: unknown[]): Branch => ({
      source: 'message',
      from: table === 't' ? 'outbound_search_terms t' : 'outbound_search_wamids w',
      match,
      time: `${table}.created_at`,
      id: `${table}.message_id`,
      extra: `${table}.phone_number_id, ${table}.to_wa_id`,
      keep: IN_A_THREAD,
      params,
    });
    const query = [...(c.words ? [c.words] : []), ...(c.templates ? [c.templates] : [])];
    const words = [...(c.words ? [`to_tsquery('simple'::regconfig, $1)`] : []), ...(c.templates ? [`$${c.words ? 2 : 1}::tsquery`] : [])];
    const ids = await this.newest(c, [
      ...(query.length > 0 ? [branch('t', `t.words @@ (${words.join(' || ')})`, query)] : []),
      ...(c.identifier ? [branch('t', `t.ids ILIKE $1`, [c.identifier]), branch('w', `w.wamid ILIKE $1`, [c.identifier])] : []),
    ]);
    if (ids.length === 0) return [];
    const rows = await this.reads.query<{
      id: string;
      conversation_id: string;
      payload: Record<string, unknown>;
      trigger_ref: string | null;
      dedupe_key: string;
      wamid: string | null;
      created_at: Date;
      sort_us: string;
    }>(
      `SELECT o.id, th.conversation_id, o.payload, o.trigger_ref, o.dedupe_key, o.wamid, o.created_at, ${US('o.created_at')} AS sort_us
         FROM outbound_messages o
         CROSS JOIN LATERAL (
           SELECT c.id AS conversation_id FROM (
             (SELECT k.id, k.phone_number_id, 0 AS rank, k.created_at FROM contacts k WHERE k.phone_number_id = o.phone_number_id AND k.wa_id = o.to_wa_id)
             UNION ALL
             (SELECT k.id, k.phone_number_id, 1, k.created_at FROM contacts k WHERE k.phone_number_id = o.phone_number_id AND k.user_id = o.to_wa_id)) k
           JOIN conversations c ON c.contact_id = k.id AND c.phone_number_id = k.phone_number_id
           ORDER BY k.rank, k.created_at LIMIT 1) th
        WHERE o.id = ANY($1::uuid[])`,
      [ids],
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
    const ids = await this.newest(c, [
      {
        source: 'note',
        from: 'conversation_notes n',
        match: `${NOTE_WORDS} @@ to_tsquery('simple'::regconfig, $1)`,
        time: 'n.created_at',
        id: 'n.id',
        params: [c.words],
      },
    ]);
    if (ids.length === 0) return [];
    const rows = await this.reads.query<{ id: string; conversation_id: string; text: string; created_at: Date; sort_us: string }>(
      `SELECT n.id, n.conversation_id, n.text, n.created_at, ${US('n.created_at')} AS sort_us FROM conversation_notes n WHERE n.id = ANY($1::uuid[])`,
      [ids],
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
    const branch = (match: string, param: string): Branch => ({
      source: 'contact',
      from: 'contacts k JOIN conversations c ON c.contact_id = k.id AND c.phone_number_id = k.phone_number_id',
      match,
      time: 'c.last_activity_at',
      id: 'c.id',
      params: [param],
    });
    const keys = await this.newestKeys(c, [
      ...(c.words ? [branch(`${CONTACT_NAME} @@ to_tsquery('simple'::regconfig, $1)`, c.words)] : []),
      ...(c.phone ? [branch(`${CONTACT_PHONE} LIKE $1`, c.phone)] : []),
    ]);
    if (keys.length === 0) return [];
    const rows = await this.reads.query<{ id: string; last_activity_at: Date }>(
      `SELECT c.id, c.last_activity_at FROM conversations c WHERE c.id = ANY($1::uuid[])`,
      [keys.map((k) => k.id)],
    );
    const at = new Map(rows.map((r) => [r.id, new Date(r.last_activity_at)]));
    return keys.flatMap((k) => {
      const when = at.get(k.id);
      return when ? [{ source: 'contact' as const, position: { atUs: k.atUs, source: 'contact' as const, id: k.id }, conversationId: k.id, at: when }] : [];
    });
  }

  /** The ids of a source's newest `take` matches over its branches. */
  private async newest(c: SearchCriteria, branches: readonly Branch[]): Promise<string[]> {
    return (await this.newestKeys(c, branches)).map((k) => k.id);
  }

  private async newestKeys(c: SearchCriteria, branches: readonly Branch[]): Promise<BranchKey[]> {
    const found = await Promise.all(branches.map((b) => newestMatches(this.reads, b, c.after, c.take)));
    const byId = new Map(found.flat().map((k) => [k.id, k]));
    return [...byId.values()].sort((a, b) => (a.atUs !== b.atUs ? (a.atUs < b.atUs ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, c.take);
  }

  /** Each thread's contact, for the page's results. */
  async threadContacts(conversationIds: readonly string[]): Promise<Map<string, ThreadContact>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.reads.query<{ id: string; name: string | null; wa_id: string | null }>(
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
    const rows = await this.reads.query<{ conversation_id: string; kind: 'inbound' | 'message'; id: string }>(
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
