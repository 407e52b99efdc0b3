import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { ListTemplatesDto } from './dto/list-templates.dto.js';
import { RenderTemplateDto } from './dto/render-template.dto.js';
import { TemplatesService } from './templates.service.js';
import { Rendered, SyncResult, TemplateList } from './templates.schemas.js';

@ApiTag(TAGS.templates)
@Controller('v1/templates')
@Access('agent', 'send')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ApiOperation({
    id: 'listTemplates',
    summary: 'List the synced templates',
    params: { status: 'a Meta template status such as APPROVED', language: 'a language code such as en or en_US' },
    responses: { 200: { description: 'The matching templates (none when no WABA is configured).', body: TemplateList } },
  })
  list(@Query() query: ListTemplatesDto) {
    return this.templates.list(query);
  }

  /** Syncs the registry from Meta now (it also syncs on worker boot and periodically). */
  @Post('sync')
  @Access('admin')
  @HttpCode(200)
  @ApiOperation({
    id: 'syncTemplates',
    summary: 'Sync the registry from Meta now',
    description: 'Workers also sync on boot and every `TEMPLATE_SYNC_INTERVAL_MS`. `400` when `WHATSAPP_BUSINESS_ACCOUNT_ID` is not configured.',
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'What the sync changed.', body: SyncResult } },
  })
  sync() {
    return this.templates.sync();
  }

  @Post('check')
  @HttpCode(200)
  @ApiOperation({
    id: 'checkTemplate',
    summary: 'Check a template send against the registry, as enqueueing would',
    description:
      'The same rules as `POST /v1/messages` (the template exists in that language, is APPROVED, each component has its parameters), answered before anything is queued; `400` names each problem by field.',
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'It would be accepted; this is what the customer sees.', body: Rendered } },
  })
  check(@Body() dto: RenderTemplateDto) {
    return this.templates.check(dto.template);
  }

  /** A template message as the customer saw it: `rendered.text`, and its parts. */
  @Post('render')
  @HttpCode(200)
  @ApiOperation({
    id: 'renderTemplate',
    summary: 'Render a template send as the customer would see it',
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The rendered text and its parts.', body: Rendered } },
  })
  render(@Body() dto: RenderTemplateDto) {
    return this.templates.render(dto.template);
  }
}
