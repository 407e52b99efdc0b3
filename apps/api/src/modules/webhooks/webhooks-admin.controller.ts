import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { ReplayWebhooksDto } from './dto/replay-webhooks.dto.js';
import { WebhooksService } from './webhooks.service.js';

@Controller('v1/webhooks')
@UseGuards(ApiKeyGuard)
export class WebhooksAdminController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** Re-processes stored deliveries; events already applied are skipped by their claims. */
  @Post('replay')
  @HttpCode(202)
  replay(@Body() dto: ReplayWebhooksDto) {
    return this.webhooks.replay({ ids: dto.ids, since: dto.since, until: dto.until, includePoison: dto.include_poison, limit: dto.limit }, 'admin:api');
  }
}
