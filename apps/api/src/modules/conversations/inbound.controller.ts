import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../../common/http/http-types.js';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { arrayOf, int, nullable, object, oneOfValues, str } from '../../contract/schema.js';
import { plainError } from '../../contract/shared-responses.js';
import { AttributeInboundDto, ListInboundDto } from './dto/inbound.dto.js';
import { AttributionHistoryEntry, Inbound, OneInbound } from './inbound.schemas.js';
import { InboundMediaService } from './inbound-media.service.js';
import { InboundService } from './inbound.service.js';
import { TimelineService } from './timeline.service.js';
import { Message } from '../outbox/outbox.schemas.js';

@ApiTag(TAGS.inbound)
@Controller('v1/inbound')
@Access('agent')
export class InboundController {
  constructor(
    private readonly inbound: InboundService,
    private readonly media: InboundMediaService,
    private readonly timeline: TimelineService,
  ) {}

  @Get()
  @ApiOperation({
    id: 'listInbound',
    summary: 'List inbound messages, newest first',
    responses: { 200: { description: 'A page.', body: object({ data: arrayOf(Inbound), next_cursor: nullable(str()) }) } },
  })
  list(@Query() query: ListInboundDto) {
    return this.inbound.list(query);
  }

  @Get(':id')
  @ApiOperation({
    id: 'getInbound',
    summary: 'One inbound message',
    params: { id: 'inbound message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The inbound message.', body: OneInbound } },
  })
  get(@Param('id') id: string) {
    return this.inbound.show(id);
  }

  /** The message's media, streamed from Meta now (not stored): the bytes with their type. */
  @Get(':id/media')
  @ApiOperation({
    id: 'getInboundMedia',
    summary: "Download the message's media from Meta now",
    description:
      "Nothing is stored: each call downloads from Meta, streamed as the bytes arrive (never held whole in memory; up to `MEDIA_DOWNLOADS_MAX` at once per process). The bytes come with the media type Meta names (`image/png`, `audio/ogg`, …), `cache-control: private, no-store`, `content-disposition: attachment`, `x-content-type-options: nosniff` and a sandbox CSP (a customer's file is never rendered in the API's origin).",
    params: { id: 'inbound message id' },
    errors: { 404: 'NotFound' },
    responses: {
      200: { description: 'The file.', body: str({ contentMediaType: 'application/octet-stream' }), contentType: '*/*' },
      422: { description: 'The message carries no media (e.g. text).', body: plainError('no_media') },
      502: {
        description: "Meta refused or did not answer (e.g. the media expired); Meta's error when it gave one.",
        body: object({
          error: oneOfValues(['media_download_failed']),
          message: str(),
          outcome: str(),
          graph_error: nullable(object({ code: { type: ['integer', 'string', 'null'] }, message: str() }, { open: true })),
        }),
      },
      503: {
        description: 'As many downloads as this process allows are running and as many wait; `Retry-After` says when to try again.',
        body: object({ error: oneOfValues(['busy']), message: str(), retry_after_seconds: int() }),
      },
    },
  })
  async downloadMedia(@Param('id') id: string, @Res() res: HttpReply): Promise<void> {
    const file = await this.media.open(id);
    // Headers as Meta named them: a stream is sent as it is, no charset added to a text type.
    res.status(200);
    res.header('content-type', file.contentType);
    if (file.contentLength !== null) res.header('content-length', String(file.contentLength));
    // The customer's file: never cached on the way, never sniffed into something else.
    res.header('cache-control', 'private, no-store');
    res.header('x-content-type-options', 'nosniff');
    // A customer's file is hostile input (an HTML or SVG "image"): downloaded, never rendered in
    // the API's origin, and sandboxed should a browser render it anyway.
    res.header('content-disposition', 'attachment');
    res.header('content-security-policy', "sandbox; default-src 'none'");
    await res.send(file.body);
  }

  /** The audit trail of hand-made attributions. */
  @Get(':id/candidates')
  @ApiOperation({
    id: 'getAttributionCandidates',
    summary: 'What an inbound message may answer',
    description: 'The last ten messages its number sent its sender before it arrived, newest first, for attributing it by hand.',
    params: { id: 'inbound message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The candidates.', body: object({ data: arrayOf(Message) }) } },
  })
  async candidates(@Param('id') id: string) {
    return this.timeline.candidates(await this.inbound.get(id));
  }

  @Get(':id/history')
  @ApiOperation({
    id: 'getInboundHistory',
    summary: 'The audit trail of hand-made attributions',
    params: { id: 'inbound message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'Oldest first.', body: object({ data: arrayOf(AttributionHistoryEntry) }) } },
  })
  history(@Param('id') id: string) {
    return this.inbound.history(id);
  }

  @Post(':id/attribute')
  @Access('admin')
  @HttpCode(200)
  @ApiOperation({
    id: 'attributeInbound',
    summary: 'Attribute an inbound message by hand',
    description: 'Exactly one of `message_id` (an outbound message to the same customer from the same number) or `conversation_id`; audited.',
    params: { id: 'inbound message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The inbound message after attribution.', body: OneInbound } },
  })
  attribute(@Param('id') id: string, @Body() dto: AttributeInboundDto, @CurrentPrincipal() by: Principal) {
    return this.inbound.attribute(id, dto, actorOf(by));
  }
}
