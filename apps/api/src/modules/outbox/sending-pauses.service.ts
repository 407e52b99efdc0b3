import { Injectable } from '@nestjs/common';
import type { RowError } from '@sendbook/queue';
import { DataSource, IsNull } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { queryRows } from '../../database/query-rows.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { SendingPause } from './sending-pause.entity.js';

/** Stops and resumes sending for a number or the whole account. */
@Injectable()
export class SendingPausesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly alerts: AlertsService,
  ) {}

  /**
   * Idempotent per scope: concurrent workers hitting the same auth error make one pause. A pause
   * is also an alert work item: someone must fix the token, the payment method or the number's
   * standing, then resume.
   */
  async pause(scope: 'number' | 'account', phoneNumberId: string, error: RowError): Promise<void> {
    const target = scope === 'account' ? null : phoneNumberId;
    await this.alerts.raise({
      source: 'outbox',
      key: pauseAlertKey(scope, target),
      title: scope === 'account' ? `All sending paused: ${error.title}` : `Sending from ${phoneNumberId} paused: ${error.title}`,
      details: { scope, phone_number_id: target, error },
    });
    await this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sendbook:pause:' || $1))`, [target ?? '*']);
      const active = await tx.query(
        `SELECT 1 FROM sending_pauses WHERE resumed_at IS NULL AND scope = $1 AND phone_number_id IS NOT DISTINCT FROM $2`,
        [scope, target],
      );
      if (active.length > 0) return;
      await tx.getRepository(SendingPause).insert({
        scope,
        phoneNumberId: target,
        code: error.code === null ? null : String(error.code),
        reason: `${error.title}${error.details ? `: ${error.details}` : ''}`,
        pausedAt: this.clock.now(),
      });
    });
  }

  active(): Promise<SendingPause[]> {
    return this.dataSource.getRepository(SendingPause).find({ where: { resumedAt: IsNull() }, order: { pausedAt: 'ASC' } });
  }

  /** Resumes the number's own pauses and any account-wide pause; returns how many were lifted. */
  async resume(phoneNumberId: string, actor: string): Promise<number> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE sending_pauses SET resumed_at = $2, resumed_by = $3
        WHERE resumed_at IS NULL AND (scope = 'account' OR phone_number_id = $1) RETURNING id`,
      [phoneNumberId, this.clock.now(), actor],
    );
    // The number's own pause alert and the account's are settled by the same resume.
    await this.alerts.resolve(pauseAlertKey('number', phoneNumberId), actor, 'sending resumed');
    await this.alerts.resolve(pauseAlertKey('account', null), actor, 'sending resumed');
    return rows.length;
  }
}

function pauseAlertKey(scope: 'number' | 'account', phoneNumberId: string | null): string {
  return scope === 'account' ? 'sending_paused:account' : `sending_paused:number:${phoneNumberId}`;
}
