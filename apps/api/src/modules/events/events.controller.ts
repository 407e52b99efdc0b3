import { Controller, Get, Headers, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { EventsStream } from './events.stream.js';

/**
 * `GET /v1/events`: the inbox's live feed as server-sent events (`inbound.created`,
 * `message.status`, `work_item.changed`, and `reset` when the client must refetch). Resumable with
 * the `Last-Event-ID` header (or `?last_event_id=` where a client cannot set headers).
 */
@Controller('v1/events')
@UseGuards(ApiKeyGuard)
export class EventsController {
  constructor(private readonly stream: EventsStream) {}

  @Get()
  async events(@Req() req: Request, @Res() res: Response, @Headers('last-event-id') header: string | undefined, @Query('last_event_id') query: string | undefined): Promise<void> {
    await this.stream.serve(req, res, header ?? query);
  }
}
