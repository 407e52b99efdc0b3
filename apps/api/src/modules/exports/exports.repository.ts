import { Injectable } from '@nestjs/common';
import { pricedStatusesReceivedBy, statusesReceivedFrom } from '@sendbook/queue';
import { ReadDatabase } from '../../database/replica/read-database.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { INBOUND_SELECT, toInbound, type InboundView } from '../conversations/inbound-rows.js';
import { OutboundMessage } from '../outbox/outbound-message.entity.js';
import type { ExportPeriod } from './domain/export-period.js';
import type { ExportPosition } from './domain/export-cursor.js';

/** A row with its place in the export's (created_at, id) order. */
export interface Placed<T> {
  readonly position: ExportPosition;
  readonly row: T;
}

/** One page of the messages export asks for these. */
export interface OutboundPageQuery {
  readonly period: ExportPeriod;
  readonly after: ExportPosition | null;
  /** Only the rows these actors enqueued (a send-only key's integration); null: everyone's. */
  readonly createdBy: readonly string[] | null;
  readonly limit: number;
}

export type InboundPageQuery = Omit<OutboundPageQuery, 'createdBy'>;

/** A row's created_at in microseconds since the epoch, as text (a bigint). */
const US = (expr: string) => `(extract(epoch from ${expr}) * 1000000)::bigint`;
/** The time a cursor names, back as a timestamptz, exactly (no float on the way). */
const AT_US = (param: string) => `('epoch'::timestamptz + ${param}::bigint * interval '1 microsecond')`;

/**
 * Reads for exports: the outbox's and the conversations' rows of a period in (created_at, id) order,
 * a page at a time, each page its own short statement on the (created_at, id) indexes
 * (`ix_outbound_messages_created`, `ix_inbound_messages_created`). Read only: it writes nothing.
 */
@Injectable()
export class ExportsRepository {
  /** Every page the replica may serve: an export is the largest read people make. */
  constructor(private readonly reads: ReadDatabase) {}

  /**
   * Outbound rows after `after`, oldest first, each with Meta's `pricing` from the latest status
   * that carried one (by Meta's time, then by arrival), read from the status history the webhooks
   * keep (`ix_message_status_events_message`).
   */
  async outboundPage(q: OutboundPageQuery): Promise<Placed<{ message: OutboundMessage; pricing: Record<string, unknown> | null }>[]> {
    // $3 and $4 bound the status history to the days that can hold these rows' pricing: received
    // after the message was made (an hour's slack for clocks), within Meta's 30 days of it. Without
    // them each row probed every day's partition of a year of statuses.
    const params: unknown[] = [
      q.period.since,
      q.period.until,
      statusesReceivedFrom(new Date(q.period.since)),
      pricedStatusesReceivedBy(new Date(q.period.until)),
    ];
    const where = [`m.created_at >= $1::timestamptz`, `m.created_at < $2::timestamptz`];
    if (q.after) where.push(`(m.created_at, m.id) > (${AT_US(`$${params.push(q.after.atUs.toString())}`)}, $${params.push(q.after.id)}::uuid)`);
    if (q.createdBy) where.push(`m.created_by = ANY($${params.push(q.createdBy)}::text[])`);
    const rows = await this.reads.query<Record<string, unknown> & { export_us: string; export_pricing: Record<string, unknown> | null }>(
      `SELECT m.*, ${US('m.created_at')} AS export_us,
              (SELECT e.pricing FROM message_status_events e
                WHERE e.message_id = m.id AND e.pricing IS NOT NULL AND e.received_at >= $3::timestamptz AND e.received_at < $4::timestamptz
                ORDER BY e.occurred_at DESC NULLS LAST, e.id DESC LIMIT 1) AS export_pricing
         FROM outbound_messages m
        WHERE ${where.join(' AND ')}
        ORDER BY m.created_at, m.id
        LIMIT $${params.push(q.limit)}`,
      params,
    );
    const metadata = this.reads.getMetadata(OutboundMessage);
    return rows.map((r) => ({
      position: { atUs: BigInt(r.export_us), id: r.id as string },
      row: { message: mapRawRow<OutboundMessage>(metadata, r), pricing: r.export_pricing ?? null },
    }));
  }

  /** Inbound messages after `after`, oldest first, with where each belongs (the inbound resource's data). */
  async inboundPage(q: InboundPageQuery): Promise<Placed<InboundView>[]> {
    const params: unknown[] = [q.period.since, q.period.until];
    const where = [`i.created_at >= $1::timestamptz`, `i.created_at < $2::timestamptz`];
    if (q.after) where.push(`(i.created_at, i.id) > (${AT_US(`$${params.push(q.after.atUs.toString())}`)}, $${params.push(q.after.id)}::uuid)`);
    const rows = await this.reads.query<Record<string, unknown> & { export_us: string }>(
      `${INBOUND_SELECT.replace('SELECT i.id,', `SELECT ${US('i.created_at')} AS export_us, i.id,`)}
        WHERE ${where.join(' AND ')}
        ORDER BY i.created_at, i.id
        LIMIT $${params.push(q.limit)}`,
      params,
    );
    return rows.map((r) => ({ position: { atUs: BigInt(r.export_us), id: r.id as string }, row: toInbound(r) }));
  }
}
