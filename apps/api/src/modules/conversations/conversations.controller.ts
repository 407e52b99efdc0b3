import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { HttpReply } from '../../common/http/http-types.js';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { bool, object } from '../../contract/schema.js';
import { AuditTrail } from '../audit/audit.schemas.js';
import {
  ConversationCounts,
  ConversationPage,
  ConversationWithTimeline,
  LabelsInUse,
  OneConversation,
  OneNote,
  TimelinePage,
  TypingResult,
  WindowClosed,
} from './conversations.schemas.js';
import { AgentReactionsService } from './agent-reactions.service.js';
import { ConversationsService } from './conversations.service.js';
import { Message } from '../outbox/outbox.schemas.js';
import {
  AgentReactionDto,
  AgentReplyDto,
  ListConversationsDto,
  AddNoteDto,
  OpenConversationDto,
  ReplaceLabelsDto,
  SnoozeDto,
  TimelineQueryDto,
  UpdateConversationDto,
} from './dto/conversation.dto.js';

@ApiTag(TAGS.conversations)
@Controller('v1/conversations')
@Access('agent')
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly reactions: AgentReactionsService,
  ) {}

  @Get()
  @ApiOperation({
    id: 'listConversations',
    summary: 'List conversations, most recent activity first',
    description:
      '`view=mine` (assigned to you), `unassigned` or `all`; `q` finds a name or a number; `window=open` keeps the threads free text can be sent to now. `state=open` is the Open list (snoozed threads wait out of it), `state=snoozed` only the snoozed ones, `state=closed` the closed; `label` keeps the threads carrying that label.',
    params: {
      view: 'mine, unassigned or all (default)',
      q: 'part of a name or a phone number',
      window: '`open`: only threads inside the 24 h window',
      state: '`open` (awake), `snoozed` or `closed`; all when absent',
      label: 'only threads with this label (compared lower-case)',
    },
    responses: { 200: { description: 'A page.', body: ConversationPage } },
  })
  list(@Query() query: ListConversationsDto, @CurrentPrincipal() by: Principal) {
    return this.conversations.list(query, by);
  }

  @Get('counts')
  @ApiOperation({
    id: 'countConversations',
    summary: 'Open conversations per view: mine, unassigned, all',
    responses: { 200: { description: 'The counts.', body: ConversationCounts } },
  })
  counts(@CurrentPrincipal() by: Principal) {
    return this.conversations.counts(by);
  }

  @Get('labels')
  @ApiOperation({
    id: 'listConversationLabels',
    summary: 'Labels in use, with how many conversations carry each',
    description: 'Most used first (at most 200): what the label filter and the label editor offer.',
    responses: { 200: { description: 'The labels.', body: LabelsInUse } },
  })
  labels() {
    return this.conversations.labelsInUse();
  }

  /** Opens (or finds) the thread with a phone number, e.g. to start with a template. */
  @Post()
  @HttpCode(200)
  @ApiOperation({
    id: 'openConversation',
    summary: 'Open (or find) the thread with a phone number',
    responses: { 200: { description: 'The thread, new or existing.', body: OneConversation } },
  })
  open(@Body() dto: OpenConversationDto) {
    return this.conversations.open(dto);
  }

  /** The conversation and its timeline, both directions, oldest first. */
  @Get(':id')
  @ApiOperation({
    id: 'getConversation',
    summary: 'A conversation and its timeline, both directions, oldest first',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The thread.', body: ConversationWithTimeline } },
  })
  get(@Param('id') id: string) {
    return this.conversations.get(id);
  }

  @Patch(':id')
  @ApiOperation({
    id: 'updateConversation',
    summary: 'Close, reopen or assign a conversation',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The updated thread.', body: OneConversation } },
  })
  update(@Param('id') id: string, @Body() dto: UpdateConversationDto, @CurrentPrincipal() by: Principal) {
    return this.conversations.update(id, dto, by);
  }

  @Put(':id/labels')
  @ApiOperation({
    id: 'replaceConversationLabels',
    summary: "Replace a conversation's labels",
    description:
      'The whole set: each trimmed, inner spaces collapsed, lower-cased, 1-40 characters, duplicates kept once, at most 20; an empty array removes them all. A bad item is named by its index (`labels[2]`). A change is audited (`conversation.labels_changed`) and announced (`conversation.changed`).',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The thread with its labels.', body: OneConversation } },
  })
  replaceLabels(@Param('id') id: string, @Body() dto: ReplaceLabelsDto, @CurrentPrincipal() by: Principal) {
    return this.conversations.replaceLabels(id, dto.labels, by);
  }

  @Post(':id/snooze')
  @HttpCode(200)
  @ApiOperation({
    id: 'snoozeConversation',
    summary: 'Snooze an open conversation until a time or until the customer writes',
    description:
      '`{"until": "<ISO 8601 time with offset>"}` (in the future, within a year) or `{"until": "customer_reply"}`. The thread leaves the Open list (`state=snoozed` lists it) and wakes by itself when its time comes (within `SNOOZE_WAKE_INTERVAL_MS`) or at once when the customer writes, whichever is first. Snoozing again replaces the time; closing ends the snooze. Audited (`conversation.snoozed`, `conversation.woken`).',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The snoozed thread.', body: OneConversation } },
  })
  snooze(@Param('id') id: string, @Body() dto: SnoozeDto, @CurrentPrincipal() by: Principal) {
    return this.conversations.snooze(id, dto.until, by);
  }

  @Delete(':id/snooze')
  @ApiOperation({
    id: 'wakeConversation',
    summary: 'Wake a snoozed conversation now',
    description: 'Back in the Open list; audited. Waking an awake thread changes nothing.',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The thread, awake.', body: OneConversation } },
  })
  wake(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    return this.conversations.wake(id, by);
  }

  @Get(':id/timeline')
  @ApiOperation({
    id: 'getConversationTimeline',
    summary: 'A page of the timeline, older than a cursor',
    description: 'Both directions and notes, oldest first within the page; `older_cursor` continues further back.',
    params: { id: 'conversation id', before: '`older_cursor` of the page after this one', limit: 'entries per page (1-200, default 50)' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The page.', body: TimelinePage } },
  })
  timeline(@Param('id') id: string, @Query() query: TimelineQueryDto) {
    return this.conversations.timelinePage(id, query.before, query.limit);
  }

  @Post(':id/notes')
  @ApiOperation({
    id: 'addConversationNote',
    summary: 'Add a private note to the thread',
    description: 'Stored and shown to the team in the timeline; never sent to the customer.',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 201: { description: 'The note.', body: OneNote } },
  })
  addNote(@Param('id') id: string, @Body() dto: AddNoteDto, @CurrentPrincipal() by: Principal) {
    return this.conversations.addNote(id, dto.text, by);
  }

  @Get(':id/history')
  @ApiOperation({
    id: 'getConversationHistory',
    summary: 'Who assigned, closed and reopened the conversation',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'Oldest first.', body: AuditTrail } },
  })
  history(@Param('id') id: string) {
    return this.conversations.history(id);
  }

  /** The agent has seen it: unread count back to zero. */
  @Post(':id/seen')
  @HttpCode(200)
  @ApiOperation({
    id: 'markConversationSeen',
    summary: 'An agent has seen the thread: unread count back to zero',
    description:
      'With `MARK_READ_ON_OPEN=true`, also sends Meta a read receipt for the last inbound message (once: not again for a message already marked read).',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The thread.', body: OneConversation } },
  })
  seen(@Param('id') id: string) {
    return this.conversations.markSeen(id);
  }

  /** 202 when a typing indicator went to WhatsApp, 200 when one went less than 20 s ago (nothing sent). */
  @Post(':id/typing')
  @ApiOperation({
    id: 'showTyping',
    summary: 'An agent is typing: show the customer a typing indicator',
    description:
      "Sends Meta's typing indicator under the customer's newest message (which, as Meta does, also marks it and all before it read), at most once per `TYPING_INDICATOR_INTERVAL_MS` (20 s) per conversation however many agents and tabs type. Refused with `422 window_closed` outside the 24 h window.",
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: {
      202: { description: 'A typing indicator is on its way to WhatsApp.', body: TypingResult },
      200: { description: 'Nothing sent: one went less than 20 s ago, the customer wrote nothing here, or Redis is away.', body: TypingResult },
      422: { description: 'Outside the 24 h window.', body: WindowClosed },
    },
  })
  async typing(@Param('id') id: string, @Res({ passthrough: true }) res: HttpReply) {
    const outcome = await this.conversations.typing(id);
    res.status(outcome.sent ? 202 : 200);
    return outcome;
  }

  /** 201 for a new reply, 200 `deduplicated: true` for the same client request id again. */
  @Post(':id/replies')
  @ApiOperation({
    id: 'replyInConversation',
    summary: 'Send an agent reply',
    description:
      'Free text is refused with `422 window_closed` outside the 24 h window; a template may always be sent. A new reply marks the customer’s newest message (and all before it) read at WhatsApp, unless it was already (`MARK_READ_ON_REPLY`, default true).',
    params: { id: 'conversation id', 'Idempotency-Key': 'same as `client_request_id`' },
    errors: { 404: 'NotFound' },
    responses: {
      201: { description: 'A new reply, queued.', body: object({ message: Message, deduplicated: bool() }) },
      200: { description: 'The same client request again: the existing reply.', body: object({ message: Message, deduplicated: bool() }) },
      422: { description: 'Free text outside the 24 h window.', body: WindowClosed },
    },
  })
  async reply(
    @Param('id') id: string,
    @Body() dto: AgentReplyDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentPrincipal() by: Principal,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    const replied = await this.conversations.reply(id, dto, idempotencyKey, by);
    res.status(replied.deduplicated ? 200 : 201);
    return replied;
  }

  /** 201 for a new reaction, 200 `deduplicated: true` for the same client request id again. */
  @Post(':id/reactions')
  @ApiOperation({
    id: 'reactInConversation',
    summary: 'React to a message of the thread with an emoji',
    description:
      "Sends Meta's `reaction` message through the outbox (`purpose` `agent_reaction`, a row like a reply's) to the message `message_id` names: a customer's (its id or wamid) or one of ours WhatsApp accepted. An empty `emoji` takes the reaction back. Refused with `422 window_closed` outside the 24 h window, like free text.",
    params: { id: 'conversation id', 'Idempotency-Key': 'same as `client_request_id`' },
    errors: { 404: 'NotFound' },
    responses: {
      201: { description: 'A new reaction, queued.', body: object({ message: Message, deduplicated: bool() }) },
      200: { description: 'The same client request again: the existing reaction.', body: object({ message: Message, deduplicated: bool() }) },
      422: { description: 'Outside the 24 h window.', body: WindowClosed },
    },
  })
  async react(
    @Param('id') id: string,
    @Body() dto: AgentReactionDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentPrincipal() by: Principal,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    const reacted = await this.reactions.react(id, dto, idempotencyKey, by);
    res.status(reacted.deduplicated ? 200 : 201);
    return reacted;
  }
}
