import type { EchoRow } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { jsonbParam } from '../../database/jsonb-param.js';
import { queryRows } from '../../database/query-rows.js';

/** An echo as the thread shows it. */
export interface EchoView {
  id: string;
  conversationId: string;
  phoneNumberId: string;
  wamid: string;
  toWaId: string | null;
  toUserId: string | null;
  type: string;
  text: string | null;
  timestamp: Date | null;
  raw: Record<string, unknown>;
  createdAt: Date;
}

// Storing echoes: the conversations own `message_echoes`. MessageEchoesService calls this inside the
// webhook event's claim transaction.

/** Stores the echo once per (business number, wamid); null when that wamid is stored already. */
export async function insertEcho(
  tx: EntityManager,
  row: EchoRow,
  placed: { conversationId: string; raw: Record<string, unknown>; deliveryId: string; now: Date },
): Promise<EchoView | null> {
  const [stored] = await queryRows<{ id: string }>(
    tx,
    `INSERT INTO message_echoes (phone_number_id, wamid, conversation_id, to_wa_id, to_user_id, type, text, "timestamp", raw, delivery_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (phone_number_id, wamid) DO NOTHING
       RETURNING id`,
    [
      row.phoneNumberId,
      row.wamid,
      placed.conversationId,
      row.toWaId,
      row.toUserId,
      row.type,
      row.text,
      row.timestamp,
      jsonbParam(placed.raw),
      placed.deliveryId,
      placed.now,
    ],
  );
  if (!stored) return null;
  return {
    id: stored.id,
    conversationId: placed.conversationId,
    phoneNumberId: row.phoneNumberId,
    wamid: row.wamid,
    toWaId: row.toWaId,
    toUserId: row.toUserId,
    type: row.type,
    text: row.text,
    timestamp: row.timestamp,
    raw: placed.raw,
    createdAt: placed.now,
  };
}

/** A `message_echoes` row as an EchoView. */
export function toEcho(r: Record<string, unknown>): EchoView {
  return {
    id: r.id as string,
    conversationId: r.conversation_id as string,
    phoneNumberId: r.phone_number_id as string,
    wamid: r.wamid as string,
    toWaId: (r.to_wa_id as string | null) ?? null,
    toUserId: (r.to_user_id as string | null) ?? null,
    type: r.type as string,
    text: (r.text as string | null) ?? null,
    timestamp: r.timestamp === null || r.timestamp === undefined ? null : new Date(r.timestamp as string),
    raw: r.raw as Record<string, unknown>,
    createdAt: new Date(r.created_at as string),
  };
}
