import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { OutboxSweeper } from './outbox-sweeper.service.js';
import { SendingPausesService } from './sending-pauses.service.js';

/** Paused sending is visible and resumable by an admin; resuming sends what waited, once. */
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class NumbersController {
  constructor(
    private readonly pauses: SendingPausesService,
    private readonly sweeper: OutboxSweeper,
  ) {}

  @Get('pauses')
  async list() {
    const active = await this.pauses.active();
    return {
      data: active.map((p) => ({ id: p.id, scope: p.scope, phone_number_id: p.phoneNumberId, code: p.code, reason: p.reason, paused_at: p.pausedAt.toISOString() })),
    };
  }

  @Post('numbers/:id/resume')
  @HttpCode(200)
  async resume(@Param('id') phoneNumberId: string) {
    if (!/^\d{1,32}$/.test(phoneNumberId)) throw DomainError.validation([{ field: 'id', message: 'must be a phone_number_id (digits)' }]);
    const resumed = await this.pauses.resume(phoneNumberId, 'admin:api');
    const requeued = await this.sweeper.sweep();
    return { resumed, requeued };
  }
}
