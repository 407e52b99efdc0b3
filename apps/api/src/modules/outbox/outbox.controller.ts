import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { CreateMessageDto } from './dto/create-message.dto.js';
import { ListMessagesDto } from './dto/list-messages.dto.js';
import { ResolveMessageDto } from './dto/resolve-message.dto.js';
import { decodeCursor, encodeCursor, presentMessage } from './message.presenter.js';
import type { OutboundMessage } from './outbound-message.entity.js';
import { InboundService } from '../conversations/inbound.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import { OutboxService } from './outbox.service.js';

const ACTOR = 'api';

@Controller('v1/messages')
@UseGuards(ApiKeyGuard)
export class OutboxController {
  constructor(
    private readonly outbox: OutboxService,
    private readonly inbound: InboundService,
    private readonly templates: TemplatesService,
  ) {}

  /** The resource with `replies` (inbound messages attributed to it) and, for templates, `rendered`. */
  private async present(rows: OutboundMessage[], { fresh = false } = {}) {
    const replies = fresh ? new Map<string, string[]>() : await this.inbound.repliesFor(rows.map((m) => m.id));
    const rendered = await Promise.all(rows.map((m) => this.rendered(m)));
    return rows.map((m, i) => presentMessage(m, replies.get(m.id) ?? [], rendered[i]));
  }

  private async rendered(m: OutboundMessage): Promise<unknown> {
    const template = m.payload.type === 'template' ? m.payload.template : null;
    if (typeof template !== 'object' || template === null) return null;
    // A template the registry does not know (never synced, or removed since) is shown unrendered,
    // and so is every template while the registry cannot be read: the message itself is the answer.
    return this.templates.renderIfKnown(template as Record<string, unknown>).catch(() => null);
  }

  /** 201 for a new row, 200 `deduplicated: true` for a repeat of the same business event. */
  @Post()
  async create(@Body() dto: CreateMessageDto, @Res({ passthrough: true }) res: Response) {
    const { message, deduplicated } = await this.outbox.enqueue(dto, ACTOR);
    res.status(deduplicated ? 200 : 201);
    // A message created just now cannot have replies yet.
    const [presented] = await this.present([message], { fresh: !deduplicated });
    return { message: presented, deduplicated };
  }

  @Get()
  async list(@Query() query: ListMessagesDto) {
    const limit = query.limit ?? 50;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.outbox.list({ dedupeKey: query.dedupe_key, triggerRef: query.trigger_ref, state: query.state, limit, after });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return { data: await this.present(rows), next_cursor: last ? encodeCursor(last) : null };
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    const [presented] = await this.present([await this.outbox.get(id)]);
    return { message: presented };
  }

  /** The audit trail of a message: every state change, who made it and why. */
  @Get(':id/history')
  async history(@Param('id') id: string) {
    await this.outbox.get(id);
    return { data: await this.outbox.history(id) };
  }

  @Post(':id/resolve')
  @HttpCode(200)
  async resolve(@Param('id') id: string, @Body() dto: ResolveMessageDto) {
    const [presented] = await this.present([await this.outbox.resolve(id, dto.action, dto.note ?? null, 'admin:api')]);
    return { message: presented };
  }
}
