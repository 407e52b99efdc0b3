import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { decodeCursor, encodeCursor, presentInbound } from './conversations.presenter.js';
import { AttributeInboundDto, ListInboundDto } from './dto/inbound.dto.js';
import { InboundMediaService } from './inbound-media.service.js';
import { InboundService } from './inbound.service.js';

@Controller('v1/inbound')
@UseGuards(ApiKeyGuard)
export class InboundController {
  constructor(
    private readonly inbound: InboundService,
    private readonly media: InboundMediaService,
  ) {}

  @Get()
  async list(@Query() query: ListInboundDto) {
    const limit = query.limit ?? 50;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.inbound.list({ attribution: query.attribution, limit, after });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return { data: rows.map(presentInbound), next_cursor: last ? encodeCursor(last.createdAt, last.id) : null };
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    return { inbound: presentInbound(await this.inbound.get(id)) };
  }

  /** The message's media, downloaded from Meta now (not stored): the bytes with their type. */
  @Get(':id/media')
  async downloadMedia(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const file = await this.media.download(id);
    // Raw headers: Express's res.set() would append a charset to text types Meta did not name.
    res.statusCode = 200;
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-length', String(file.bytes.length));
    // The customer's file: never cached on the way, never sniffed into something else.
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('x-content-type-options', 'nosniff');
    res.end(file.bytes);
  }

  /** The audit trail of hand-made attributions. */
  @Get(':id/history')
  async history(@Param('id') id: string) {
    await this.inbound.get(id);
    return { data: await this.inbound.history(id) };
  }

  @Post(':id/attribute')
  @HttpCode(200)
  async attribute(@Param('id') id: string, @Body() dto: AttributeInboundDto) {
    const inbound = await this.inbound.attribute(id, { messageId: dto.message_id, conversationId: dto.conversation_id }, { actor: 'admin:api', note: dto.note ?? null });
    return { inbound: presentInbound(inbound) };
  }
}
