import { Injectable } from '@nestjs/common';
import { sentStatusesReceivedFrom, statusesReceivedFrom } from '@sendbook/queue';
import { ReadDatabase } from '../../database/replica/read-database.js';

export interface DeliveryGap {
  /** Meta's `delivered` timestamp. */
  readonly deliveredAt: number;
  /** delivered − sent, by Meta's own timestamps. */
  readonly gapMs: number;
  /** The business number that sent it. */
  readonly phoneNumberId: string;
}

/**
 * The sent→delivered gap per message, from the status history (Meta's timestamps, not ours). The
 * replica may serve it when a person asks; the alert rules read it in the workers, on the primary.
 */
@Injectable()
export class DeliveryGapsRepository {
  constructor(private readonly reads: ReadDatabase) {}

  /** Messages delivered in [since, until] that also have a `sent` status. */
  async gaps(since: Date, until: Date): Promise<DeliveryGap[]> {
    const rows = await this.reads.query<{ delivered_at: Date; gap_ms: string; phone_number_id: string }>(
      `SELECT d.delivered_at, (EXTRACT(EPOCH FROM d.delivered_at - s.sent_at) * 1000)::bigint AS gap_ms, m.phone_number_id
         FROM (SELECT message_id, min(occurred_at) AS delivered_at FROM message_status_events
                WHERE status = 'delivered' AND message_id IS NOT NULL AND occurred_at >= $1 AND occurred_at <= $2 AND received_at >= $3
                GROUP BY message_id) d
         JOIN LATERAL (SELECT min(occurred_at) AS sent_at FROM message_status_events
                        WHERE message_id = d.message_id AND status = 'sent' AND received_at >= $4) s ON s.sent_at IS NOT NULL
         JOIN outbound_messages m ON m.id = d.message_id
        ORDER BY d.delivered_at`,
      // Bounds on the partition key, so only those days' partitions are planned and read.
      [since, until, statusesReceivedFrom(since), sentStatusesReceivedFrom(since)],
    );
    return rows.map((r) => ({ deliveredAt: r.delivered_at.getTime(), gapMs: Number(r.gap_ms), phoneNumberId: r.phone_number_id }));
  }
}
