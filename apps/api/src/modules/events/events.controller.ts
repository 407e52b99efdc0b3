import { Controller, Get, Headers, Query, Req, Res } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../../common/http/http-types.js';
import { Access } from '../../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { str } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { plainError } from '../../contract/shared-responses.js';
import { EventsStream } from './events.stream.js';

/**
 * `GET /v1/events`: the inbox's live feed as server-sent events (`inbound.created`,
 * `message.status`, `work_item.changed`, and `reset` when the client must refetch). Resumable with
 * the `Last-Event-ID` header (or `?last_event_id=` where a client cannot set headers).
 */
@ApiTag(TAGS.events)
@Controller('v1/events')
@Access('agent')
export class EventsController {
  constructor(private readonly stream: EventsStream) {}

  @Get()
  @ApiOperation({
    id: 'streamEvents',
    summary: 'Server-sent events',
    description:
      'A `text/event-stream` of `inbound.created`, `message.status`, `conversation.changed` and `work_item.changed` events (each `data:` is JSON), and `reset` when the client must refetch. Comments keep the stream open. Resumable with the `Last-Event-ID` header. The server ends a stream whose client stops reading (past `EVENTS_SLOW_READER_BYTES` unsent) and the streams of a revoked key or session; a client resumes with `Last-Event-ID` as after any drop.',
    params: { 'Last-Event-ID': 'resume after this event id', last_event_id: 'the same, for clients that cannot set headers' },
    responses: {
      200: { description: 'The stream; it stays open.', body: str(), contentType: 'text/event-stream' },
      429: {
        description:
          'This caller (API key or staff member) already holds `EVENTS_MAX_STREAMS_PER_PRINCIPAL` open streams; close one. `Retry-After` says when to try again.',
        body: plainError('too_many_streams'),
      },
      503: {
        description: 'The live feed is unavailable (Redis down, or this server holds `EVENTS_MAX_STREAMS` streams); retry after `Retry-After` seconds.',
        body: plainError('unavailable'),
      },
    },
  })
  async events(
    @Req() req: HttpRequest,
    @Res() res: HttpReply,
    @Headers('last-event-id') header: string | undefined,
    @Query('last_event_id') query: string | undefined,
  ): Promise<void> {
    await this.stream.serve(req, res, header ?? query);
  }
}
