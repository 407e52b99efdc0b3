import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import type { HttpReply, HttpRequest } from '../../common/http/http-types.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { str } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { CampaignRequest, CampaignRunPage, CampaignSubmission, CampaignTimeline, OneCampaignRun } from './campaigns.schemas.js';
import { CampaignRunsService } from './campaign-runs.service.js';

const CSV_QUERY = [
  ['name', 'with a text/csv body: the campaign’s name'],
  ['phone_number_id', 'with a text/csv body: the sending number'],
  ['template_name', 'with a text/csv body: the template'],
  ['template_language', 'with a text/csv body: its language'],
  ['variables', 'CSV columns for the template’s variables, comma-separated, in order (default: every column but the recipient’s)'],
  ['not_before', 'with a text/csv body: not before then'],
  ['dry_run', '`true`: check and answer the summary, store nothing'],
].map(([name, description]) => ({ name: name!, in: 'query' as const, required: false, description: description!, schema: str() }));

const CSV_BODY = str({
  description: 'the recipients as RFC 4180 CSV: a header line (a `phone`, `to` or `recipient` column, and the variables’ columns), then a line per recipient',
});

const SUBMIT_DESCRIPTION =
  'JSON (`{"name", "phone_number_id"?, "template": {"name", "language"}, "recipients": [{"to" | "recipient", "variables": [...]}], "not_before"?, "dry_run"?}`) or the file as `text/csv` with the same settings in the query (a `phone`, `to` or `recipient` column, and a column per variable). Every row is checked: bad rows and duplicates are listed with their line and reason, never dropped silently. The template must be APPROVED. Each recipient is sent at most once per campaign, however often it is submitted (the same name is the same campaign) or written: its dedupe key is the campaign and the recipient. The answer comes before the rows are written; workers write them in batches.';

/** Campaigns admins make and run. */
@ApiTag(TAGS.campaigns)
@Controller('v1/campaigns')
@Access('admin')
export class CampaignRunsController {
  constructor(private readonly runs: CampaignRunsService) {}

  @Post()
  @ApiOperation({
    id: 'createCampaign',
    summary: 'Start a campaign: a template to a list or a CSV of recipients',
    description: SUBMIT_DESCRIPTION,
    rawBody: { schema: CampaignRequest, also: { 'text/csv': CSV_BODY } },
    extraParams: CSV_QUERY,
    errors: { 400: 'ValidationFailed', 409: 'InvalidStateTransition' },
    responses: {
      202: { description: 'Stored; its rows are being written. `summary` says how many go and when.', body: CampaignSubmission },
      200: { description: 'A dry run: what would happen; nothing stored.', body: CampaignSubmission },
    },
  })
  async submit(@Req() req: HttpRequest, @CurrentPrincipal() by: Principal, @Res({ passthrough: true }) res: HttpReply) {
    const out = await this.runs.submit(req.body, queryOf(req), actorOf(by));
    res.status(out.status);
    return out.body;
  }

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({
    id: 'previewCampaign',
    summary: 'What a campaign would do, storing nothing',
    description: 'The body of `POST /v1/campaigns`, as a dry run: the summary, the refused rows, the first rows rendered.',
    rawBody: { schema: CampaignRequest, also: { 'text/csv': CSV_BODY } },
    extraParams: CSV_QUERY,
    errors: { 400: 'ValidationFailed' },
    responses: { 200: { description: 'The summary.', body: CampaignSubmission } },
  })
  async preview(@Req() req: HttpRequest, @CurrentPrincipal() by: Principal) {
    return (await this.runs.submit(req.body, queryOf(req), actorOf(by), true)).body;
  }

  @Get('runs')
  @ApiOperation({
    id: 'listCampaignRuns',
    summary: 'Campaigns admins started, the latest first',
    responses: { 200: { description: 'The latest 50.', body: CampaignRunPage } },
  })
  list() {
    return this.runs.list();
  }

  @Get(':campaign/run')
  @ApiOperation({
    id: 'getCampaignRun',
    summary: 'A started campaign: its state, write progress and messages',
    params: { campaign: { description: 'its id or name', schema: str() } },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The campaign.', body: OneCampaignRun } },
  })
  get(@Param('campaign') campaign: string) {
    return this.runs.get(campaign);
  }

  @Get(':campaign/timeline')
  @ApiOperation({
    id: 'getCampaignTimeline',
    summary: 'Sent, delivered, read and failed per minute',
    params: { campaign: { description: 'its id or name', schema: str() } },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'Minutes with any change, oldest first.', body: CampaignTimeline } },
  })
  timeline(@Param('campaign') campaign: string) {
    return this.runs.timeline(campaign);
  }

  @Get(':campaign/export')
  @ApiOperation({
    id: 'exportCampaign',
    summary: 'Its recipients and their messages, as CSV',
    params: { campaign: { description: 'its id or name', schema: str() } },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'line, to, state, error_code, wamid; one row per recipient.', body: str(), contentType: 'text/csv' } },
  })
  async export(@Param('campaign') campaign: string, @Res({ passthrough: true }) res: HttpReply) {
    const csv = await this.runs.exportCsv(campaign);
    res.header('content-type', 'text/csv; charset=utf-8');
    res.header('content-disposition', `attachment; filename="campaign-${encodeURIComponent(campaign)}.csv"`);
    return csv;
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({
    id: 'pauseCampaign',
    summary: 'Pause: what has not gone is held before its next send',
    description: 'Its queued messages become `held` (not failed), and no more rows are written, until resumed. Audited.',
    params: { id: { description: 'its id or name', schema: str() } },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'The campaign.', body: OneCampaignRun } },
  })
  pause(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.runs.pause(id, actorOf(by));
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({
    id: 'resumeCampaign',
    summary: 'Resume: what the pause held goes, paced again',
    params: { id: { description: 'its id or name', schema: str() } },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'The campaign.', body: OneCampaignRun } },
  })
  resume(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.runs.resume(id, actorOf(by));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    id: 'cancelCampaign',
    summary: 'Cancel: what has not gone never goes',
    description: 'Its `queued` and `held` messages become `cancelled`; nothing more is written. What is sending or sent stays. Audited.',
    params: { id: { description: 'its id or name', schema: str() } },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'The campaign.', body: OneCampaignRun } },
  })
  cancel(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.runs.cancel(id, actorOf(by));
  }
}

/** The query string as read (a CSV upload carries its settings there). */
function queryOf(req: HttpRequest): Record<string, unknown> {
  return typeof req.query === 'object' && req.query !== null ? (req.query as Record<string, unknown>) : {};
}
