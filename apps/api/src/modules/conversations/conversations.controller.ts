import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { ConversationsService } from './conversations.service.js';
import { AgentReplyDto, ListConversationsDto, OpenConversationDto, UpdateConversationDto } from './dto/conversation.dto.js';

const ACTOR = 'api';

@Controller('v1/conversations')
@UseGuards(ApiKeyGuard)
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  list(@Query() query: ListConversationsDto) {
    return this.conversations.list(query);
  }

  /** Opens (or finds) the thread with a phone number, e.g. to start with a template. */
  @Post()
  @HttpCode(200)
  open(@Body() dto: OpenConversationDto) {
    return this.conversations.open(dto);
  }

  /** The conversation and its timeline, both directions, oldest first. */
  @Get(':id')
  get(@Param('id') id: string) {
    return this.conversations.get(id);
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() dto: UpdateConversationDto) {
    return this.conversations.update(id, dto);
  }

  /** The agent has seen it: unread count back to zero. */
  @Post(':id/seen')
  @HttpCode(200)
  seen(@Param('id') id: string) {
    return this.conversations.markSeen(id);
  }

  /** 201 for a new reply, 200 `deduplicated: true` for the same client request id again. */
  @Post(':id/replies')
  async reply(@Param('id') id: string, @Body() dto: AgentReplyDto, @Headers('idempotency-key') idempotencyKey: string | undefined, @Res({ passthrough: true }) res: Response) {
    const replied = await this.conversations.reply(id, dto, idempotencyKey, ACTOR);
    res.status(replied.deduplicated ? 200 : 201);
    return replied;
  }
}
