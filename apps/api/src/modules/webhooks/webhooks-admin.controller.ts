import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { ReplayWebhooksDto } from './dto/replay-webhooks.dto.js';
import { TAGS } from '../../contract/tags.js';
import { Replayed } from './webhooks.schemas.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTag(TAGS.webhooks)
@Controller('v1/webhooks')
@UseGuards(ApiKeyGuard)
export class WebhooksAdminController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** Re-processes stored deliveries; events already applied are skipped by their claims. */
  @Post('replay')
  @HttpCode(202)
  @ApiOperation({
    id: 'replayWebhooks',
    summary: 'Re-process stored deliveries',
    description: 'Events already applied are skipped by their claims, so replaying is safe.',
    responses: { 202: { description: 'The deliveries queued for processing.', body: Replayed } },
  })
  replay(@Body() dto: ReplayWebhooksDto) {
    return this.webhooks.replay({ ids: dto.ids, since: dto.since, until: dto.until, includePoison: dto.include_poison, limit: dto.limit }, 'admin:api');
  }
}
