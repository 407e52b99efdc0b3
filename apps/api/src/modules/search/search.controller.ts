import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { SearchQueryDto } from './dto/search-query.dto.js';
import { SearchPage } from './search.schemas.js';
import { SearchService } from './search.service.js';

@ApiTag(TAGS.conversations)
@Controller('v1/search')
@Access('agent')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    id: 'search',
    summary: 'Find messages and notes in every thread, newest first',
    description:
      'Words in what customers wrote (text, captions, button and list choices), in what was sent (text, captions, interactive titles, templates as rendered and their parameters) and in notes, and contact names; the last word may be the beginning of a word. A query that looks like a number or an id (a digit or one of `:/._-=+#@` in it, or 12 characters and more; no spaces) is also found inside phone numbers, wamids, `dedupe_key` and `trigger_ref` (3 characters or more). A name or number match is the thread’s newest message. Each result links to its thread at `/conversations/{conversation_id}?message={id}`.',
    responses: { 200: { description: 'A page of results; `next_cursor` continues.', body: SearchPage } },
  })
  find(@Query() query: SearchQueryDto) {
    return this.search.search(query);
  }
}
