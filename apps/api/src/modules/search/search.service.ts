import { Injectable } from '@nestjs/common';
import { containsPattern, decodeSearchCursor, encodeSearchCursor, newestFirst, parseSearchQuery, searchable, tsLiteral } from '@sendbook/queue';
import { DomainError } from '../../common/errors/domain-error.js';
import { TemplatesService } from '../templates/templates.service.js';
import { SEARCH_PAGE, type SearchQueryDto } from './dto/search-query.dto.js';
import { toResult, uniqueResults } from './search-results.js';
import { SearchRepository, type SearchHit } from './search.repository.js';

/**
 * Search across every thread, both directions and notes, newest first. Any staff member may open
 * any thread (GET /v1/conversations/{id} is not scoped per agent), so search shows every thread;
 * only what belongs to a thread is a result, since a result is a place to open. Should threads
 * ever be scoped per agent, the scope belongs in SearchRepository's four sources.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly repo: SearchRepository,
    private readonly templates: TemplatesService,
  ) {}

  async search(dto: SearchQueryDto) {
    const after = dto.cursor === undefined ? null : decodeSearchCursor(dto.cursor);
    if (dto.cursor !== undefined && !after) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const terms = parseSearchQuery(dto.q);
    if (!searchable(terms)) return { results: [], next_cursor: null };
    const limit = dto.limit ?? SEARCH_PAGE;
    const templates = terms.tsquery ? await this.repo.templatesMatching(terms.tsquery) : [];
    const candidates = await this.repo.candidates({
      words: terms.tsquery,
      templates: templates.length > 0 ? templates.map(tsLiteral).join(' | ') : null,
      identifier: terms.identifier ? containsPattern(terms.identifier) : null,
      phone: terms.phoneDigits ? containsPattern(terms.phoneDigits) : null,
      after,
      take: limit + 1,
    });
    const { page, more } = newestFirst(candidates, limit);
    const threads = [...new Set(page.map((h) => h.conversationId))];
    const [contacts, newest, rendered] = await Promise.all([
      this.repo.threadContacts(threads),
      this.repo.newestMessages(page.filter((h) => h.source === 'contact').map((h) => h.conversationId)),
      this.renderTemplates(page),
    ]);
    return {
      results: uniqueResults(page.map((hit) => toResult(hit, terms, { contacts, newest, rendered }))),
      next_cursor: more ? encodeSearchCursor(page[page.length - 1]!.position) : null,
    };
  }

  /** Template messages as the customer saw them, for their excerpts; unknown templates stay unrendered. */
  private async renderTemplates(page: readonly SearchHit[]): Promise<Map<string, string>> {
    const rendered = await Promise.all(
      page.map(async (hit) => {
        if (hit.source !== 'message' || hit.payload.type !== 'template' || typeof hit.payload.template !== 'object' || hit.payload.template === null)
          return null;
        const r = await this.templates.renderIfKnown(hit.payload.template as Record<string, unknown>).catch(() => null);
        return r ? ([hit.id, r.text] as const) : null;
      }),
    );
    return new Map(rendered.filter((r) => r !== null));
  }
}
