import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { SessionOnly } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { arrayOf, bool, dateTime, object, uuid } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { WritesNothing } from '../../database/replica/writes-nothing.decorator.js';
import { PresenceService } from '../events/presence.service.js';
import { ConversationsService } from './conversations.service.js';
import { ViewingDto } from './dto/viewing.dto.js';

const Viewers = object({
  viewers: arrayOf(
    object({
      staff_id: uuid(),
      typing: bool(),
      until: dateTime({ description: 'when this lapses without a further word from their tab' }),
    }),
  ),
});

/**
 * Who else is in a thread: each inbox tab says it is there (every 10 s, and while its agent types),
 * and everyone with the inbox open hears `conversation.viewers` when who is there changes, so two
 * agents do not answer one customer at once without knowing.
 */
@ApiTag(TAGS.conversations)
@Controller('v1/conversations')
@SessionOnly()
export class ConversationPresenceController {
  constructor(
    private readonly presence: PresenceService,
    private readonly conversations: ConversationsService,
  ) {}

  @Post(':id/viewing')
  @WritesNothing()
  @HttpCode(200)
  @ApiOperation({
    id: 'viewConversation',
    summary: 'A staff member is in the thread (and typing, or not)',
    description:
      'Lasts 30 s unless said again; typing lasts 6 s. When who is in the thread changes, the live stream carries `conversation.viewers` with the list. Staff sessions only: an API key is nobody to see.',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'Who is in the thread now, typing first.', body: Viewers } },
  })
  async view(@Param('id') id: string, @Body() dto: ViewingDto, @CurrentPrincipal() by: Principal) {
    const staffId = this.staffOf(by);
    await this.conversations.ensureExists(id);
    return { viewers: present(await this.presence.view(id, staffId, dto.typing ?? false)) };
  }

  @Delete(':id/viewing')
  @WritesNothing()
  @ApiOperation({
    id: 'leaveConversation',
    summary: 'A staff member left the thread',
    params: { id: 'conversation id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'Who is still in the thread.', body: Viewers } },
  })
  async leave(@Param('id') id: string, @CurrentPrincipal() by: Principal) {
    const staffId = this.staffOf(by);
    await this.conversations.ensureExists(id);
    return { viewers: present(await this.presence.leave(id, staffId)) };
  }

  private staffOf(by: Principal): string {
    if (by.kind !== 'staff') throw DomainError.forbidden('only a signed-in staff member is in a thread');
    return by.staffId;
  }
}

function present(viewers: readonly { staffId: string; typing: boolean; until: string }[]) {
  return viewers.map((v) => ({ staff_id: v.staffId, typing: v.typing, until: v.until }));
}
