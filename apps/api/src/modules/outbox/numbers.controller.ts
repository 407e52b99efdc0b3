import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { queryRows } from '../../database/query-rows.js';
import { MessagingLimitsRepository } from '../policy/messaging-limits.repository.js';
import { SendingPolicy } from '../policy/sending-policy.service.js';
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
    private readonly policy: SendingPolicy,
    private readonly limits: MessagingLimitsRepository,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every number we know of: configured, seen in webhooks, or with rows waiting; its rate, limit, pauses and usage. */
  @Get('numbers')
  async numbers() {
    const now = this.clock.now();
    const queued = await queryRows<{ phone_number_id: string; state: string; n: string }>(
      this.dataSource,
      `SELECT phone_number_id, state, count(*) AS n FROM outbound_messages WHERE state IN ('queued', 'sending') GROUP BY phone_number_id, state`,
    );
    // Every number that ever sent, by skipping through the index that leads with phone_number_id
    // (a handful of numbers, however many rows).
    const senders = await queryRows<{ phone_number_id: string }>(
      this.dataSource,
      `WITH RECURSIVE n AS (
         (SELECT phone_number_id FROM outbound_messages ORDER BY phone_number_id LIMIT 1)
         UNION ALL
         SELECT (SELECT o.phone_number_id FROM outbound_messages o WHERE o.phone_number_id > n.phone_number_id ORDER BY o.phone_number_id LIMIT 1)
           FROM n WHERE n.phone_number_id IS NOT NULL)
       SELECT phone_number_id FROM n WHERE phone_number_id IS NOT NULL`,
    );
    const pauses = await this.pauses.active();
    const ids = new Set<string>([
      this.config.whatsapp.phoneNumberId,
      ...Object.keys(this.config.policy.numberRates),
      ...(await this.limits.knownNumberIds()),
      ...senders.map((q) => q.phone_number_id),
      ...pauses.flatMap((p) => (p.phoneNumberId ? [p.phoneNumberId] : [])),
    ]);
    const data = await Promise.all(
      [...ids].sort().map(async (id) => {
        const own = pauses.filter((p) => p.scope === 'account' || p.phoneNumberId === id);
        const count = (state: string) => Number(queued.find((q) => q.phone_number_id === id && q.state === state)?.n ?? 0);
        return {
          phone_number_id: id,
          ...(await this.policy.usage(id, now)),
          paused: own.length > 0,
          pauses: own.map((p) => ({ id: p.id, scope: p.scope, code: p.code, reason: p.reason, paused_at: p.pausedAt.toISOString() })),
          queued: count('queued'),
          sending: count('sending'),
        };
      }),
    );
    return { data };
  }

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
