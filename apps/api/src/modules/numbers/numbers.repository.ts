import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';

/** Rows waiting per number, read from the outbox's table (read-only: the outbox owns its rows). */
@Injectable()
export class NumbersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Rows `queued` and `sending`, per number and state. */
  async waitingByNumber(): Promise<{ phoneNumberId: string; state: string; count: number }[]> {
    const rows = await queryRows<{ phone_number_id: string; state: string; n: string }>(
      this.dataSource,
      `SELECT phone_number_id, state, count(*) AS n FROM outbound_messages WHERE state IN ('queued', 'sending') GROUP BY phone_number_id, state`,
    );
    return rows.map((r) => ({ phoneNumberId: r.phone_number_id, state: r.state, count: Number(r.n) }));
  }

  /**
   * Every number that ever sent, by skipping through the index that leads with phone_number_id
   * (a handful of numbers, however many rows).
   */
  async senderIds(): Promise<string[]> {
    const rows = await queryRows<{ phone_number_id: string }>(
      this.dataSource,
      `WITH RECURSIVE n AS (
         (SELECT phone_number_id FROM outbound_messages ORDER BY phone_number_id LIMIT 1)
         UNION ALL
         SELECT (SELECT o.phone_number_id FROM outbound_messages o WHERE o.phone_number_id > n.phone_number_id ORDER BY o.phone_number_id LIMIT 1)
           FROM n WHERE n.phone_number_id IS NOT NULL)
       SELECT phone_number_id FROM n WHERE phone_number_id IS NOT NULL`,
    );
    return rows.map((r) => r.phone_number_id);
  }
}
