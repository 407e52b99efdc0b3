import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { CreateMessageDto } from './dto/create-message.dto.js';
import { ListMessagesDto } from './dto/list-messages.dto.js';
import { ResolveMessageDto } from './dto/resolve-message.dto.js';
import { MessagesService } from './messages.service.js';

const ACTOR = 'api';

@Controller('v1/messages')
@UseGuards(ApiKeyGuard)
export class OutboxController {
  constructor(private readonly messages: MessagesService) {}

  /** 201 for a new row, 200 `deduplicated: true` for a repeat of the same business event. */
  @Post()
  async create(@Body() dto: CreateMessageDto, @Res({ passthrough: true }) res: Response) {
    const created = await this.messages.create(dto, ACTOR);
    res.status(created.deduplicated ? 200 : 201);
    return created;
  }

  @Get()
  list(@Query() query: ListMessagesDto) {
    return this.messages.list(query);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.messages.get(id);
  }

  /** The audit trail of a message: every state change, who made it and why. */
  @Get(':id/history')
  history(@Param('id') id: string) {
    return this.messages.history(id);
  }

  @Post(':id/resolve')
  @HttpCode(200)
  resolve(@Param('id') id: string, @Body() dto: ResolveMessageDto) {
    return this.messages.resolve(id, dto, 'admin:api');
  }
}
