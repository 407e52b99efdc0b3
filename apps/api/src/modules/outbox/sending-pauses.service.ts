import { Injectable } from '@nestjs/common';
import type { RowError } from '@sendbook/queue';
import { DataSource, IsNull } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { queryRows } from '../../database/query-rows.js';
import { SendingPause } from './sending-pause.entity.js';

/** Stops and resumes sending for a number or the whole account. */
@Injectable()
export class SendingPausesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Idempotent per scope: concurrent workers hitting the same auth error make one pause. */
  async pause(scope: 'number' | 'account', phoneNumberId: string, error: RowError): Promise<void> {
    const target = scope === 'account' ? null : phoneNumberId;
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
    return rows.length;
  }
}
