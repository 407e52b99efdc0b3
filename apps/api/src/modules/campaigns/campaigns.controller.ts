import { Controller, Get, Param, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { CampaignPage, OneCampaign } from './campaigns.schemas.js';
import { CampaignsService } from './campaigns.service.js';

/** Admins see every campaign; an integrator's send-only key sees its own messages' campaigns. */
@ApiTag(TAGS.campaigns)
@Controller('v1/campaigns')
@Access('send', 'admin')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @ApiOperation({
    id: 'listCampaigns',
    summary: 'List campaigns, the latest first',
    description: 'Every `campaign` tag messages were enqueued with, with its messages counted by state.',
    responses: { 200: { description: 'A page; `next_cursor` is null on the last page.', body: CampaignPage } },
  })
  list(@Query() query: PageQueryDto, @CurrentPrincipal() by: Principal) {
    return this.campaigns.list(query, by);
  }

  @Get(':campaign')
  @ApiOperation({
    id: 'getCampaign',
    summary: 'One campaign: counts by state, failures by code, replies',
    params: { campaign: 'the campaign tag (URL-encoded)' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The campaign.', body: OneCampaign } },
  })
  get(@Param('campaign') campaign: string, @CurrentPrincipal() by: Principal) {
    return this.campaigns.get(campaign, by);
  }
}
