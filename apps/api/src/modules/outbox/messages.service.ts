import { Injectable } from '@nestjs/common';
import type { RenderedTemplate } from '@sendbook/api-contract';
import { DomainError } from '../../common/errors/domain-error.js';
import { TemplatesService } from '../templates/templates.service.js';
import type { CreateMessageDto } from './dto/create-message.dto.js';
import type { ListMessagesDto } from './dto/list-messages.dto.js';
import type { ResolveMessageDto } from './dto/resolve-message.dto.js';
import { decodeCursor, encodeCursor, presentMessage } from './message.presenter.js';
import type { OutboundMessage } from './outbound-message.entity.js';
import { OutboxPorts } from './outbox-ports.js';
import { OutboxService } from './outbox.service.js';

const DEFAULT_PAGE = 50;

/**
 * The message resource of /v1/messages: the outbox's rows with `replies` (inbound messages
 * attributed to each) and, for template messages, `rendered` (the text the customer saw).
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly templates: TemplatesService,
    private readonly ports: OutboxPorts,
  ) {}

  /** `deduplicated`: the same business event again, answered with the row it made the first time. */
  async create(dto: CreateMessageDto, actor: string) {
    const { message, deduplicated } = await this.outbox.enqueue(dto, actor);
    // A message created just now cannot have replies yet.
    const [presented] = await this.present([message], { fresh: !deduplicated });
    return { message: presented, deduplicated };
  }

  async list(query: ListMessagesDto) {
    const limit = query.limit ?? DEFAULT_PAGE;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after === null) throw DomainError.validation([{ field: 'cursor', message: 'is not a cursor this API gave out' }]);
    const rows = await this.outbox.list({ dedupeKey: query.dedupe_key, triggerRef: query.trigger_ref, state: query.state, limit, after });
    const last = rows.length === limit ? rows[rows.length - 1] : undefined;
    return { data: await this.present(rows), next_cursor: last ? encodeCursor(last) : null };
  }

  async get(id: string) {
    const [presented] = await this.present([await this.outbox.get(id)]);
    return { message: presented };
  }

  /** Every state change of the message, who made it and why. */
  async history(id: string) {
    await this.outbox.get(id);
    return { data: await this.outbox.history(id) };
  }

  async resolve(id: string, dto: ResolveMessageDto, actor: string) {
    const [presented] = await this.present([await this.outbox.resolve(id, dto.action, dto.note ?? null, actor)]);
    return { message: presented };
  }

  private async present(rows: OutboundMessage[], { fresh = false } = {}) {
    const replies = fresh ? new Map<string, string[]>() : await this.ports.replies.get().repliesFor(rows.map((m) => m.id));
    const rendered = await Promise.all(rows.map((m) => this.rendered(m)));
    return rows.map((m, i) => presentMessage(m, replies.get(m.id) ?? [], rendered[i]));
  }

  private async rendered(m: OutboundMessage): Promise<RenderedTemplate | null> {
    const template = m.payload.type === 'template' ? m.payload.template : null;
    if (typeof template !== 'object' || template === null) return null;
    // A template the registry does not know (never synced, or removed since) is shown unrendered,
    // and so is every template while the registry cannot be read: the message itself is the answer.
    return this.templates.renderIfKnown(template as Record<string, unknown>).catch(() => null);
  }
}
