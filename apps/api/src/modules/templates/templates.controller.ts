import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { object, oneOfValues, str } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { ListTemplatesDto } from './dto/list-templates.dto.js';
import { RenderTemplateDto } from './dto/render-template.dto.js';
import { CreateTemplateDto, EditTemplateDto } from './dto/template-draft.dto.js';
import { TemplatesService } from './templates.service.js';
import { META_FAILURE, OneTemplate, Rendered, SyncResult, TemplateList } from './templates.schemas.js';

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

  @Post()
  @Access('admin')
  @ApiOperation({
    id: 'createTemplate',
    summary: "Submit a template to Meta's review",
    description:
      "Meta's create body (`name`, `language`, `category`, `parameter_format`?, `components`), checked against Meta's format rules first: `400` names each field (`name`, `body.text`, `body.example`, `header.text`, `buttons[0].url`, …). Then `POST /{waba_id}/message_templates`; stored with the status Meta answers (`PENDING`) and Meta's id, until the review's `message_template_status_update` webhook says `APPROVED` or `REJECTED` (with its `rejection`). Audited (`template.submitted`).",
    errors: { 400: 'ValidationFailed' },
    responses: {
      201: { description: 'Submitted: Meta reviews it.', body: OneTemplate },
      409: {
        description: 'A template of this name and language exists (`template_exists`).',
        body: object({ error: oneOfValues(['template_exists']), message: str(), field: str() }),
      },
      ...META_FAILURE,
    },
  })
  create(@Body() dto: CreateTemplateDto, @CurrentPrincipal() by: Principal) {
    return this.templates.create(dto, by);
  }

  @Patch(':id')
  @Access('admin')
  @ApiOperation({
    id: 'editTemplate',
    summary: 'Edit a template as Meta allows',
    description:
      "Its `components` and/or `category` (name and language never change). Meta allows editing APPROVED, REJECTED and PAUSED templates; an approved template's category stays, and an approved template may be edited once in 24 hours and 10 times in 30 days: otherwise `409 template_not_editable` (`reason`: `not_editable`, `category_locked`, `edit_limit`). The edit goes to Meta (`POST /{template_id}`) and back to `PENDING` review. Audited (`template.edited`).",
    params: { id: "Meta's template id" },
    errors: { 400: 'ValidationFailed', 404: 'NotFound' },
    responses: {
      200: { description: 'Edited: Meta reviews it again.', body: OneTemplate },
      409: {
        description: 'Meta does not allow this edit (`template_not_editable`).',
        body: object({ error: oneOfValues(['template_not_editable']), message: str(), reason: oneOfValues(['not_editable', 'category_locked', 'edit_limit']) }),
      },
      ...META_FAILURE,
    },
  })
  edit(@Param('id') id: string, @Body() dto: EditTemplateDto, @CurrentPrincipal() by: Principal) {
    return this.templates.edit(id, dto, by);
  }

  @Delete(':id')
  @Access('admin')
  @HttpCode(204)
  @ApiOperation({
    id: 'deleteTemplate',
    summary: 'Delete a template at Meta and from the registry',
    description:
      'This language of it only: `DELETE /{waba_id}/message_templates?name=&hsm_id=` (Meta deletes every language of a name without `hsm_id`). Messages already queued with it are refused by Meta at send time. Audited (`template.deleted`).',
    params: { id: "Meta's template id" },
    errors: { 404: 'NotFound' },
    responses: { 204: { description: 'Deleted.' }, ...META_FAILURE },
  })
  async remove(@Param('id') id: string, @CurrentPrincipal() by: Principal): Promise<void> {
    await this.templates.remove(id, by);
  }
}
