import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
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
  list(@Query() query: ListInboundDto) {
    return this.inbound.list(query);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.inbound.show(id);
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
  history(@Param('id') id: string) {
    return this.inbound.history(id);
  }

  @Post(':id/attribute')
  @HttpCode(200)
  attribute(@Param('id') id: string, @Body() dto: AttributeInboundDto) {
    return this.inbound.attribute(id, dto, 'admin:api');
  }
}
