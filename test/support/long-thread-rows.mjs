// The rows of a long thread, written with set SQL: shared by the browser tests (long-thread.ts)
// and the thread benchmark (bench/thread-paint.bench.mjs), which runs on plain Node.

/**
 * Adds `count - 1` messages after the real inbound one that opened the conversation: inbound and
 * outbound alternating a second apart from `start`, attributed to the conversation, the outbound
 * ones delivered. `query(sql, params)` runs one statement (inside the caller's transaction).
 */
export async function insertLongThreadRows(query, { phoneNumberId, waId, conversationId, contactId, deliveryId, count, start }) {
  const inboundCount = Math.floor((count - 1) / 2);
  const outboundCount = count - 1 - inboundCount;
  await query(
    `WITH s AS (SELECT g, $3::timestamptz + (g * 2) * interval '1 second' AS at FROM generate_series(1, $4::int) g),
          ins AS (
            INSERT INTO inbound_messages (phone_number_id, wamid, from_wa_id, contact_name, type, text, "timestamp", raw, delivery_id, created_at)
            SELECT $1, 'wamid.SEED.IN.' || $2 || '.' || g, $2, 'Long Thread', 'text', 'customer message ' || g, at,
                   jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'customer message ' || g)), $5::uuid, at + interval '300 milliseconds'
              FROM s RETURNING id, created_at)
     INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, created_at, updated_at)
     SELECT ins.id, $6::uuid, $7::uuid, 'conversation', 'none_awaiting', ins.created_at, ins.created_at FROM ins`,
    [phoneNumberId, waId, start, inboundCount, deliveryId, conversationId, contactId],
  );
  await query(
    `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, priority, phone_number_id, state, attempts, wamid,
                                    not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, retain_until)
     SELECT 'seed:' || $2 || ':' || g, '+' || $2, $2, 'order_update', jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'our reply ' || g)),
            'seed' || g, 0, $1, 'delivered', 1, 'wamid.SEED.OUT.' || $2 || '.' || g,
            at, at, at, at, at, at, at + interval '90 days'
       FROM (SELECT g, $3::timestamptz + (g * 2 + 1) * interval '1 second' AS at FROM generate_series(1, $4::int) g) s`,
    [phoneNumberId, waId, start, outboundCount],
  );
}
