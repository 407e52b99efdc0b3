import { inbound } from '../conversations/conversation-support.js';
import type { Sendbook } from './sendbook.js';
import { insertLongThreadRows } from './long-thread-rows.mjs';
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
  await sb.dataSource.transaction((tx) =>
    insertLongThreadRows((sql, params) => tx.query(sql, params), {
      phoneNumberId: TEST_SECRETS.phoneNumberId,
      waId,
      conversationId,
      contactId: first.contact_id as string,
      deliveryId,
      count,
      start,
    }),
  );
  return { conversationId, waId, total: count };
}
