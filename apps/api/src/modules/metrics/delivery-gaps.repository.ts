import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DeliveryGap {
  /** Meta's `delivered` timestamp. */
  readonly deliveredAt: number;
  /** delivered − sent, by Meta's own timestamps. */
  readonly gapMs: number;
  /** The business number that sent it. */
  readonly phoneNumberId: string;
}

/** The sent→delivered gap per message, from the status history (Meta's timestamps, not ours). */
@Injectable()
export class DeliveryGapsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Messages delivered in [since, until] that also have a `sent` status. */
  async gaps(since: Date, until: Date): Promise<DeliveryGap[]> {
    const rows: { delivered_at: Date; gap_ms: string; phone_number_id: string }[] = await this.dataSource.query(
      `SELECT d.delivered_at, (EXTRACT(EPOCH FROM d.delivered_at - s.sent_at) * 1000)::bigint AS gap_ms, m.phone_number_id
         FROM (SELECT message_id, min(occurred_at) AS delivered_at FROM message_status_events
                WHERE status = 'delivered' AND message_id IS NOT NULL AND occurred_at >= $1 AND occurred_at <= $2
                GROUP BY message_id) d
         JOIN LATERAL (SELECT min(occurred_at) AS sent_at FROM message_status_events
                        WHERE message_id = d.message_id AND status = 'sent') s ON s.sent_at IS NOT NULL
         JOIN outbound_messages m ON m.id = d.message_id
        ORDER BY d.delivered_at`,
      [since, until],
    );
    return rows.map((r) => ({ deliveredAt: r.delivered_at.getTime(), gapMs: Number(r.gap_ms), phoneNumberId: r.phone_number_id }));
  }
}
