import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { ReplayWebhooksDto } from './dto/replay-webhooks.dto.js';
import { TAGS } from '../../contract/tags.js';
import { OneDelivery, Replayed } from './webhooks.schemas.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTag(TAGS.webhooks)
@Controller('v1/webhooks')
@Access('admin')
export class WebhooksAdminController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('deliveries/:id')
  @ApiOperation({
    id: 'getWebhookDelivery',
    summary: 'A stored webhook delivery: its body as Meta sent it, and why it could not be processed',
    params: { id: 'delivery id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The delivery.', body: OneDelivery } },
  })
  delivery(@Param('id') id: string) {
    return this.webhooks.deliveryWithBody(id);
  }

  /** Re-processes stored deliveries; events already applied are skipped by their claims. */
  @Post('replay')
  @HttpCode(202)
  @ApiOperation({
    id: 'replayWebhooks',
    summary: 'Re-process stored deliveries',
    description: 'Events already applied are skipped by their claims, so replaying is safe.',
    responses: { 202: { description: 'The deliveries queued for processing.', body: Replayed } },
  })
  replay(@Body() dto: ReplayWebhooksDto, @CurrentPrincipal() by: Principal) {
    return this.webhooks.replay(
      { ids: dto.ids, since: dto.since, until: dto.until, includePoison: dto.include_poison, limit: dto.limit, note: dto.note ?? null },
      actorOf(by),
    );
  }
}
