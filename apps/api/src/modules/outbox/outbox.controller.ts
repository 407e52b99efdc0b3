import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../../common/http/http-types.js';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { arrayOf, object, oneOfValues } from '../../contract/schema.js';
import { CancelByKeyDto } from './dto/cancel-message.dto.js';
import { CreateMessageDto } from './dto/create-message.dto.js';
import { CreateMessageBatchDto, MAX_BATCH_MESSAGES } from './dto/create-message-batch.dto.js';
import { ListMessagesDto } from './dto/list-messages.dto.js';
import { ResolveMessageDto } from './dto/resolve-message.dto.js';
import { ReleaseMessageDto, ResendMessageDto } from './dto/follow-up.dto.js';
import { MessageFollowUpsService } from './message-follow-ups.service.js';
import { MessagesService } from './messages.service.js';
import {
  BatchResult,
  DedupeConflict,
  FollowUpResult,
  Message,
  MessageHistoryEntry,
  MessagePage,
  MessageResult,
  OneMessage,
  StatusEventList,
} from './outbox.schemas.js';

const CANCEL_DESCRIPTION =
  "While the message is `queued` or `held` it becomes `cancelled` (one `message.state_changed`) and is never sent: the cancel and the worker's claim are one conditional UPDATE each, so exactly one wins. Cancelling a cancelled message answers it again. From `sending` on it may have reached Meta, and nothing is un-sent: `409 not_cancellable` with the message. A `send` key cancels its own integration's messages only (others are not found).";

const NOT_CANCELLABLE = {
  description: 'The message is `sending` or further: it may have reached Meta. `message` is the message as it is.',
  body: object({ error: oneOfValues(['not_cancellable']), message: Message }),
};

@ApiTag(TAGS.outbox)
@Controller('v1/messages')
@Access('send', 'agent')
export class OutboxController {
  constructor(
    private readonly messages: MessagesService,
    private readonly followUps: MessageFollowUpsService,
  ) {}

  /** 201 for a new row, 200 `deduplicated: true` for a repeat of the same business event. */
  @Post()
  @Access('send')
  @ApiOperation({
    id: 'createMessage',
    summary: 'Enqueue one message',
    description:
      'Writes a row whose `dedupe_key` is unique. The same business event again (same `to`, `payload`, `purpose`) is `200 deduplicated: true`; the same key with other content is `409`. Template payloads are checked against the registry.',
    responses: {
      201: { description: 'A new row, queued.', body: MessageResult },
      200: { description: 'The same business event again: the existing row, `deduplicated: true`.', body: MessageResult },
      409: { description: 'The key exists with different content; `message` is the existing row.', body: DedupeConflict },
    },
  })
  async create(@Body() dto: CreateMessageDto, @CurrentPrincipal() by: Principal, @Res({ passthrough: true }) res: HttpReply) {
    const created = await this.messages.create(dto, by);
    res.status(created.deduplicated ? 200 : 201);
    return created;
  }

  /** Up to 1,000 messages; each item is created, deduplicated, a conflict or invalid on its own. */
  @Post('batch')
  @HttpCode(200)
  @Access('send')
  @ApiOperation({
    id: 'createMessageBatch',
    summary: 'Enqueue many messages at once',
    description: `\`{"messages": [...]}\`, 1 to ${MAX_BATCH_MESSAGES} bodies of \`POST /v1/messages\`. Each item succeeds or fails on its own, never the batch: one result per item, in order, judged as its own request would be (the same validation, the same \`dedupe_key\` rules, the same pacing, limits and quiet hours afterwards).`,
    responses: { 200: { description: 'One result per item.', body: BatchResult } },
  })
  createBatch(@Body() dto: CreateMessageBatchDto, @CurrentPrincipal() by: Principal) {
    return this.messages.createMany(dto, by);
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({
    id: 'cancelMessageByKey',
    summary: 'Cancel a message by its dedupe key',
    description: CANCEL_DESCRIPTION,
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The message, `cancelled`.', body: OneMessage }, 409: NOT_CANCELLABLE },
  })
  cancelByKey(@Body() dto: CancelByKeyDto, @CurrentPrincipal() by: Principal) {
    return this.messages.cancel({ dedupeKey: dto.dedupe_key }, by);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    id: 'cancelMessage',
    summary: 'Cancel a message',
    description: CANCEL_DESCRIPTION,
    params: { id: 'message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The message, `cancelled`.', body: OneMessage }, 409: NOT_CANCELLABLE },
  })
  cancel(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.messages.cancel({ id }, by);
  }

  @Get()
  @ApiOperation({
    id: 'listMessages',
    summary: 'List messages, newest first',
    responses: { 200: { description: 'A page; `next_cursor` is null on the last page.', body: MessagePage } },
  })
  list(@Query() query: ListMessagesDto, @CurrentPrincipal() by: Principal) {
    return this.messages.list(query, by);
  }

  @Get(':id')
  @ApiOperation({
    id: 'getMessage',
    summary: 'One message',
    params: { id: 'message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The message.', body: OneMessage } },
  })
  get(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.messages.get(id, by);
  }

  /** The audit trail of a message: every state change, who made it and why. */
  @Get(':id/history')
  @ApiOperation({
    id: 'getMessageHistory',
    summary: 'The audit trail of a message',
    description: 'Every state change, oldest first: who made it and why.',
    params: { id: 'message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The audit trail.', body: object({ data: arrayOf(MessageHistoryEntry) }) } },
  })
  history(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.messages.history(id, by);
  }

  @Get(':id/statuses')
  @ApiOperation({
    id: 'getMessageStatuses',
    summary: 'The status webhooks that named the message',
    description: 'In the order they happened; for a row stuck in `sending`, whether any status ever came (one would have healed it).',
    params: { id: 'message id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The statuses.', body: StatusEventList } },
  })
  statuses(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.messages.visible(id, by).then(() => this.followUps.statuses(id));
  }

  @Post(':id/resend')
  @HttpCode(201)
  @Access('admin')
  @ApiOperation({
    id: 'resendMessage',
    summary: 'Send a failed message again, as a new message',
    description:
      'Under a key derived from its own (`…:resend:1`, shown beforehand as the work item’s `resend_dedupe_key`); the same request again is `200 deduplicated: true`. Audited with the note.',
    params: { id: 'message id' },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: {
      201: { description: 'The new message, queued.', body: FollowUpResult },
      200: { description: 'Resent already under that key: the same new message.', body: FollowUpResult },
    },
  })
  async resend(@Param('id') id: string, @Body() dto: ResendMessageDto, @CurrentPrincipal() by: Principal, @Res({ passthrough: true }) res: HttpReply) {
    const result = await this.followUps.resend(id, dto.note ?? null, by);
    res.status(result.deduplicated ? 200 : 201);
    return result;
  }

  @Post(':id/release')
  @HttpCode(201)
  @Access('admin')
  @ApiOperation({
    id: 'releaseMessage',
    summary: 'Release a held message as a template',
    description: 'Sends its fallback template, or the template given, as a new message (`…:release:1`), and cancels the held one. Audited with the note.',
    params: { id: 'message id' },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: {
      201: { description: 'The template, queued.', body: FollowUpResult },
      200: { description: 'Released already under that key.', body: FollowUpResult },
    },
  })
  async release(@Param('id') id: string, @Body() dto: ReleaseMessageDto, @CurrentPrincipal() by: Principal, @Res({ passthrough: true }) res: HttpReply) {
    const result = await this.followUps.release(id, dto.template, dto.note ?? null, by);
    res.status(result.deduplicated ? 200 : 201);
    return result;
  }

  @Post(':id/resolve')
  @Access('admin')
  @HttpCode(200)
  @ApiOperation({
    id: 'resolveMessage',
    summary: 'Resolve a message by hand',
    description: 'The only way a row stuck in `sending` is sent again (`retry`), recorded as sent (`mark_sent`) or dropped (`cancel`); audited with the note.',
    params: { id: 'message id' },
    errors: { 404: 'NotFound', 409: 'InvalidStateTransition' },
    responses: { 200: { description: 'The message after the resolution.', body: OneMessage } },
  })
  resolve(@Param('id') id: string, @Body() dto: ResolveMessageDto, @CurrentPrincipal() by: Principal) {
    return this.messages.resolve(id, dto, by);
  }
}
