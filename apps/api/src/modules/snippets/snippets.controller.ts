import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { plainError } from '../../contract/shared-responses.js';
import { TAGS } from '../../contract/tags.js';
import { CreateSnippetDto } from './dto/create-snippet.dto.js';
import { UpdateSnippetDto } from './dto/update-snippet.dto.js';
import { OneSnippet, SnippetList } from './snippets.schemas.js';
import { SnippetsService } from './snippets.service.js';

const TAKEN = { description: 'Another snippet has this title.', body: plainError('snippet_exists') };

/** Saved answers: agents read them to insert into replies; admins manage them. */
@ApiTag(TAGS.conversations)
@Controller('v1/snippets')
@Access('admin')
export class SnippetsController {
  constructor(private readonly snippets: SnippetsService) {}

  @Get()
  @Access('agent')
  @ApiOperation({
    id: 'listSnippets',
    summary: 'Every saved answer, by title',
    responses: { 200: { description: 'The snippets and the variables they may use.', body: SnippetList } },
  })
  list() {
    return this.snippets.list();
  }

  @Post()
  @ApiOperation({
    id: 'createSnippet',
    summary: 'Save an answer',
    description: 'A `{{name}}` that is no known variable is refused (400 naming `text`), so no agent inserts braces that cannot be filled.',
    responses: { 201: { description: 'Saved.', body: OneSnippet }, 409: TAKEN },
  })
  create(@Body() dto: CreateSnippetDto, @CurrentPrincipal() by: Principal) {
    return this.snippets.create(dto, by);
  }

  @Patch(':id')
  @ApiOperation({
    id: 'updateSnippet',
    summary: 'Change a saved answer',
    params: { id: 'snippet id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The snippet.', body: OneSnippet }, 409: TAKEN },
  })
  update(@Param('id') id: string, @Body() dto: UpdateSnippetDto, @CurrentPrincipal() by: Principal) {
    return this.snippets.update(id, dto, by);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    id: 'deleteSnippet',
    summary: 'Delete a saved answer',
    params: { id: 'snippet id' },
    errors: { 404: 'NotFound' },
    responses: { 204: { description: 'Deleted.' } },
  })
  async delete(@Param('id') id: string, @CurrentPrincipal() by: Principal): Promise<void> {
    await this.snippets.delete(id, by);
  }
}
