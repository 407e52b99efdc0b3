import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { SendingPause } from './sending-pause.entity.js';

export type NewSendingPause = Pick<SendingPause, 'scope' | 'phoneNumberId' | 'code' | 'reason' | 'pausedAt'>;

/** The only code that builds SQL for sending pauses. */
@Injectable()
export class SendingPausesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the pause unless one is already active for its scope. One transaction under an
   * advisory lock per scope: concurrent workers hitting the same auth error make one pause.
   */
  /** True when it paused; false when a pause of that scope was already in force. */
  insertUnlessActive(pause: NewSendingPause): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sendbook:pause:' || $1))`, [pause.phoneNumberId ?? '*']);
      const active = await tx.query(`SELECT 1 FROM sending_pauses WHERE resumed_at IS NULL AND scope = $1 AND phone_number_id IS NOT DISTINCT FROM $2`, [
        pause.scope,
        pause.phoneNumberId,
      ]);
      if (active.length > 0) return false;
      await tx.getRepository(SendingPause).insert(pause);
      return true;
    });
  }

  /** Oldest first. */
  findActive(): Promise<SendingPause[]> {
    return this.dataSource.getRepository(SendingPause).find({ where: { resumedAt: IsNull() }, order: { pausedAt: 'ASC' } });
  }

  /** Lifts the number's own pauses and any account-wide pause; returns how many. */
  async resumeFor(phoneNumberId: string, at: Date, actor: string): Promise<number> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE sending_pauses SET resumed_at = $2, resumed_by = $3
        WHERE resumed_at IS NULL AND (scope = 'account' OR phone_number_id = $1) RETURNING id`,
      [phoneNumberId, at, actor],
    );
    return rows.length;
  }
}
