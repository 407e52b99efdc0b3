import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { ListTemplatesDto } from './dto/list-templates.dto.js';
import { RenderTemplateDto } from './dto/render-template.dto.js';
import { TemplatesService } from './templates.service.js';

@Controller('v1/templates')
@UseGuards(ApiKeyGuard)
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  list(@Query() query: ListTemplatesDto) {
    return this.templates.list(query);
  }

  /** Syncs the registry from Meta now (it also syncs on worker boot and periodically). */
  @Post('sync')
  @HttpCode(200)
  sync() {
    return this.templates.sync();
  }

  /** A template message as the customer saw it: `rendered.text`, and its parts. */
  @Post('render')
  @HttpCode(200)
  render(@Body() dto: RenderTemplateDto) {
    return this.templates.render(dto.template);
  }
}
