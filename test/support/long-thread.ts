import { inbound } from '../conversations/conversation-support.js';
import type { Sendbook } from './sendbook.js';
import { TEST_SECRETS } from './test-env.js';

export interface LongThread {
  readonly conversationId: string;
  readonly waId: string;
  /** Every entry's id, oldest first (the seed message first). */
  readonly total: number;
}

/**
 * A thread of `count` messages, alternating inbound and outbound a second apart, written with set
 * SQL after one real inbound message opened it (its contact, conversation and delivery): the
 * shape of a long-running customer relationship, without 5,000 webhook round trips.
 */
export async function seedLongThread(sb: Sendbook, waId: string, count: number, start = new Date(Date.now() - count * 1000 - 60_000)): Promise<LongThread> {
  const first = await inbound(sb, sb.sim.customer(waId, { name: 'Long Thread' }).sendText('the first message'));
  const conversationId = first.conversation_id as string;
  const [{ delivery_id: deliveryId }] = await sb.dataSource.query(`SELECT delivery_id FROM inbound_messages WHERE id = $1`, [first.id]);
  const inboundCount = Math.floor((count - 1) / 2);
  const outboundCount = count - 1 - inboundCount;
  const phone = TEST_SECRETS.phoneNumberId;
  await sb.dataSource.transaction(async (tx) => {
    await tx.query(
      `WITH s AS (SELECT g, $3::timestamptz + (g * 2) * interval '1 second' AS at FROM generate_series(1, $4::int) g),
            ins AS (
              INSERT INTO inbound_messages (phone_number_id, wamid, from_wa_id, contact_name, type, text, "timestamp", raw, delivery_id, created_at)
              SELECT $1, 'wamid.SEED.IN.' || $2 || '.' || g, $2, 'Long Thread', 'text', 'customer message ' || g, at,
                     jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'customer message ' || g)), $5::uuid, at + interval '300 milliseconds'
                FROM s RETURNING id, created_at)
       INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, created_at, updated_at)
       SELECT ins.id, $6::uuid, $7::uuid, 'conversation', 'none_awaiting', ins.created_at, ins.created_at FROM ins`,
      [phone, waId, start, inboundCount, deliveryId, conversationId, first.contact_id],
    );
    await tx.query(
      `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, priority, phone_number_id, state, attempts, wamid,
                                      not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, retain_until)
       SELECT 'seed:' || $2 || ':' || g, '+' || $2, $2, 'order_update', jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'our reply ' || g)),
              'seed' || g, 0, $1, 'delivered', 1, 'wamid.SEED.OUT.' || $2 || '.' || g,
              at, at, at, at, at, at, at + interval '90 days'
         FROM (SELECT g, $3::timestamptz + (g * 2 + 1) * interval '1 second' AS at FROM generate_series(1, $4::int) g) s`,
      [phone, waId, start, outboundCount],
    );
  });
  return { conversationId, waId, total: count };
}
