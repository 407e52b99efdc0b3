import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { presentMessage } from '../outbox/message.presenter.js';
import { decodeCursor, encodeCursor, presentConversation, presentInbound } from './conversations.presenter.js';
import { ConversationsService } from './conversations.service.js';
import { AgentReplyDto, ListConversationsDto, OpenConversationDto, UpdateConversationDto } from './dto/conversation.dto.js';

const ACTOR = 'api';

@Controller('v1/conversations')
@UseGuards(ApiKeyGuard)
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly clock: Clock,
  ) {}

  @Get()
  async list(@Query() query: ListConversationsDto) {
    const limit = query.limit ?? 50;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.conversations.list({ state: query.state, assignee: query.assignee, limit, after });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    const now = this.clock.now();
    return { data: rows.map((c) => presentConversation(c, now)), next_cursor: last ? encodeCursor(last.lastActivityAt, last.id) : null };
  }

  /** Opens (or finds) the thread with a phone number, e.g. to start with a template. */
  @Post()
  @HttpCode(200)
  async open(@Body() dto: OpenConversationDto) {
    return { conversation: presentConversation(await this.conversations.open(dto.to, dto.phone_number_id), this.clock.now()) };
  }

  /** The conversation and its timeline, both directions, oldest first. */
  @Get(':id')
  async get(@Param('id') id: string) {
    const conversation = await this.conversations.get(id);
    const timeline = await this.conversations.timeline(conversation);
    return {
      conversation: presentConversation(conversation, this.clock.now()),
      timeline: timeline.map((e) =>
        e.direction === 'inbound'
          ? { direction: 'inbound', at: e.at.toISOString(), inbound: presentInbound(e.inbound) }
          : { direction: 'outbound', at: e.at.toISOString(), message: presentMessage(e.message) },
      ),
    };
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() dto: UpdateConversationDto) {
    return { conversation: presentConversation(await this.conversations.update(id, { state: dto.state, assignee: dto.assignee }), this.clock.now()) };
  }

  /** The agent has seen it: unread count back to zero. */
  @Post(':id/seen')
  @HttpCode(200)
  async seen(@Param('id') id: string) {
    return { conversation: presentConversation(await this.conversations.markSeen(id), this.clock.now()) };
  }

  /** 201 for a new reply, 200 `deduplicated: true` for the same client request id again. */
  @Post(':id/replies')
  async reply(@Param('id') id: string, @Body() dto: AgentReplyDto, @Headers('idempotency-key') idempotencyKey: string | undefined, @Res({ passthrough: true }) res: Response) {
    const requestId = dto.client_request_id ?? idempotencyKey?.trim() ?? randomUUID();
    const { message, deduplicated } = await this.conversations.reply(id, { text: dto.text, template: dto.template, replyTo: dto.reply_to, requestId }, ACTOR);
    res.status(deduplicated ? 200 : 201);
    return { message: presentMessage(message), deduplicated };
  }
}
