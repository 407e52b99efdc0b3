import type { EntityManager } from 'typeorm';
import { jsonbParam } from '../../database/jsonb-param.js';
import { preparedTxRows } from '../../database/prepared-rows.js';
import type { StoredInbound } from './inbound-rows.js';

// Storing inbound messages: the conversations own `inbound_messages`. The webhooks, which read
// them off Meta's deliveries, call this inside their claim's transaction.

/** An inbound message as a webhook delivery carried it, to be stored once. */
export interface NewInboundMessage {
  phoneNumberId: string;
  wamid: string;
  fromWaId: string | null;
  fromUserId: string | null;
  contactName: string | null;
  contact: unknown;
  type: string;
  text: string | null;
  choice: unknown;
  contextWamid: string | null;
  contextFrom: string | null;
  timestamp: Date | null;
  errors: unknown;
  raw: unknown;
  deliveryId: string;
  createdAt: Date;
}

/**
 * Many inbound messages in one statement; returns the ones stored now (a wamid already stored is
 * left as it was and not returned), with what attribution needs of them, in input order.
 */
export async function insertInboundMany(tx: EntityManager, rows: readonly NewInboundMessage[]): Promise<StoredInbound[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof NewInboundMessage>(k: K) => rows.map((r) => r[k]);
  const jsonCol = (k: 'contact' | 'choice' | 'errors' | 'raw') => rows.map((r) => jsonbParam(r[k]));
  const raw = await preparedTxRows<{
    id: string;
    phone_number_id: string;
    wamid: string;
    from_wa_id: string | null;
    from_user_id: string | null;
    contact_name: string | null;
    type: string;
    context_wamid: string | null;
    timestamp: Date | null;
    raw: Record<string, unknown>;
    created_at: Date;
  }>(
    tx,
    `INSERT INTO inbound_messages
       (phone_number_id, wamid, from_wa_id, from_user_id, contact_name, contact, type, text, choice, context_wamid, context_from,
        "timestamp", errors, raw, delivery_id, created_at)
     SELECT *, $15::uuid, $16::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[], $8::text[],
                                                     $9::jsonb[], $10::text[], $11::text[], $12::timestamptz[], $13::jsonb[], $14::jsonb[])
     ON CONFLICT (phone_number_id, wamid) DO NOTHING
     RETURNING id, phone_number_id, wamid, from_wa_id, from_user_id, contact_name, type, context_wamid, "timestamp", raw, created_at`,
    [
      col('phoneNumberId'),
      col('wamid'),
      col('fromWaId'),
      col('fromUserId'),
      col('contactName'),
      jsonCol('contact'),
      col('type'),
      col('text'),
      jsonCol('choice'),
      col('contextWamid'),
      col('contextFrom'),
      col('timestamp'),
      jsonCol('errors'),
      jsonCol('raw'),
      rows[0]!.deliveryId,
      rows[0]!.createdAt,
    ],
  );
  const order = new Map(rows.map((r, i) => [`${r.phoneNumberId}|${r.wamid}`, i]));
  return raw
    .map((r) => ({
      id: r.id,
      phoneNumberId: r.phone_number_id,
      wamid: r.wamid,
      fromWaId: r.from_wa_id,
      fromUserId: r.from_user_id,
      contactName: r.contact_name,
      type: r.type,
      contextWamid: r.context_wamid,
      timestamp: r.timestamp ? new Date(r.timestamp) : null,
      raw: r.raw,
      createdAt: new Date(r.created_at),
    }))
    .sort((a, b) => order.get(`${a.phoneNumberId}|${a.wamid}`)! - order.get(`${b.phoneNumberId}|${b.wamid}`)!);
}
