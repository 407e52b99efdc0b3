import type { SearchResult } from '@sendbook/api-contract';
import { payloadWords, pickExcerpt, type Excerpt, type SearchTerms } from '@sendbook/queue';
import { isoTime } from '../../common/iso-time.js';
import type { NewestMessage, SearchHit, ThreadContact } from './search.repository.js';

export type SearchMatched = SearchResult['matched'];

/** What a page needs beyond the hits: each thread's contact, its newest message, and template renders. */
export interface ResultContext {
  readonly contacts: ReadonlyMap<string, ThreadContact>;
  readonly newest: ReadonlyMap<string, NewestMessage>;
  /** Rendered text of template messages by id (those the registry knows). */
  readonly rendered: ReadonlyMap<string, string>;
}

/**
 * A hit as the result a person reads: the field that matched, cut around the match with the
 * match's offsets. A name or number match opens its thread at the newest message; a thread with
 * no message yet has nothing to open and is left out (null).
 */
export function toResult(hit: SearchHit, terms: SearchTerms, ctx: ResultContext): SearchResult | null {
  const contact = ctx.contacts.get(hit.conversationId) ?? { name: null, waId: null };
  const base = { conversation_id: hit.conversationId, at: isoTime(hit.at), contact: { name: contact.name, wa_id: contact.waId } };
  const shown = (picked: { field: SearchMatched; excerpt: Excerpt } | null) =>
    picked ? { matched: picked.field, excerpt: picked.excerpt.text, highlights: picked.excerpt.highlights.map(([s, e]) => [s, e]) } : null;
  switch (hit.source) {
    case 'inbound': {
      const picked = shown(
        pickExcerpt<SearchMatched>(
          [
            { field: 'text', text: hit.text, mode: 'words' },
            { field: 'wamid', text: hit.wamid, mode: 'identifier' },
          ],
          terms,
        ),
      );
      return picked && { ...base, kind: 'inbound', id: hit.id, ...picked };
    }
    case 'message': {
      const text = ctx.rendered.get(hit.id) ?? payloadWords(hit.payload).join(' · ');
      const picked = shown(
        pickExcerpt<SearchMatched>(
          [
            { field: 'text', text, mode: 'words' },
            { field: 'trigger_ref', text: hit.triggerRef, mode: 'identifier' },
            { field: 'dedupe_key', text: hit.dedupeKey, mode: 'identifier' },
            { field: 'wamid', text: hit.wamid, mode: 'identifier' },
          ],
          terms,
        ),
      );
      return picked && { ...base, kind: 'message', id: hit.id, ...picked };
    }
    case 'note': {
      const picked = shown(pickExcerpt<SearchMatched>([{ field: 'text', text: hit.text, mode: 'words' }], terms));
      return picked && { ...base, kind: 'note', id: hit.id, ...picked };
    }
    case 'contact': {
      const newest = ctx.newest.get(hit.conversationId);
      const picked = shown(
        pickExcerpt<SearchMatched>(
          [
            { field: 'contact_name', text: contact.name, mode: 'words' },
            { field: 'phone', text: contact.waId ? `+${contact.waId}` : null, mode: 'phone' },
          ],
          terms,
        ),
      );
      return newest && picked ? { ...base, kind: newest.kind, id: newest.id, ...picked } : null;
    }
  }
}

/** The page's results, each message or note once: a name match that opens the same message as a text match is the same place. */
export function uniqueResults(results: readonly (SearchResult | null)[]): SearchResult[] {
  const seen = new Set<string>();
  return results.filter((r): r is SearchResult => {
    if (!r || seen.has(`${r.kind}:${r.id}`)) return false;
    seen.add(`${r.kind}:${r.id}`);
    return true;
  });
}
