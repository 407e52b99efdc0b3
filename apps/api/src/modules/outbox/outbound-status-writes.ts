import type { RowError } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { jsonbParam } from '../../database/jsonb-param.js';
import { preparedTxRows } from '../../database/prepared-rows.js';

// Status webhooks moving outbound rows: the outbox owns `outbound_messages` and its audit trail,
// so the statements live here; the webhooks decide what the statuses mean (webhook-statuses).

/** Whether a status event found its message (`matched`), waits for it (`parked`), or never will (`foreign`). */
export type StatusMatch = 'matched' | 'parked' | 'foreign';

/** A locked outbound row as lockStatusRows reads it. */
export interface StatusRowFacts {
  id: string;
  state: string;
  wamid: string | null;
  phone_number_id: string;
  /** The recipient the row was sent to: a phone (digits) or a business-scoped user id. */
  to_wa_id: string;
  /** The same as enqueued (E.164, or the user id), its campaign and who enqueued it: what a first pricing is counted under. */
  to: string;
  campaign: string | null;
  created_by: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  played_at: Date | null;
  failed_at: Date | null;
  pricing: Record<string, unknown> | null;
}

/** A row merged in memory, written back guarded by `expected`, the state it was locked in. */
export interface StatusRowWrite {
  id: string;
  expected: string;
  state: string;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  playedAt: Date | null;
  failedAt: Date | null;
  wamid: string | null;
  lastError: RowError | null;
  /** Meta's latest pricing object for the message (kept when null). */
  pricing: Record<string, unknown> | null;
}

export interface NewStatusEvent {
  eventKey: string;
  deliveryId: string;
  messageId: string | null;
  phoneNumberId: string;
  wamid: string;
  status: string;
  occurredAt: Date | null;
  receivedAt: Date;
  recipientId: string | null;
  recipientUserId: string | null;
  bizOpaqueCallbackData: string | null;
  conversation: unknown;
  pricing: unknown;
  errors: unknown;
  raw: unknown;
  matchState: StatusMatch;
  mergeResult: string | null;
  matchedAt: Date | null;
}

/**
 * Every outbound row some status of a delivery names, by (number, wamid) or by our row id from
 * biz_opaque_callback_data, locked in id order (concurrent deliveries lock in one order).
 * `phoneNumberIds` null: some status named no number, so wamids match on any number.
 */
export async function lockStatusRows(
  tx: EntityManager,
  phoneNumberIds: readonly string[] | null,
  wamids: readonly string[],
  rowIds: readonly string[],
): Promise<StatusRowFacts[]> {
  const columns = `id, state, wamid, phone_number_id, to_wa_id, "to", campaign, created_by, sent_at, delivered_at, read_at, played_at, failed_at, pricing`;
  return phoneNumberIds
    ? preparedTxRows<StatusRowFacts>(
        tx,
        `SELECT ${columns} FROM outbound_messages
          WHERE (phone_number_id = ANY($1::text[]) AND wamid = ANY($2::text[])) OR id = ANY($3::uuid[]) ORDER BY id FOR UPDATE`,
        [phoneNumberIds, wamids, rowIds],
      )
    : preparedTxRows<StatusRowFacts>(
        tx,
        `SELECT ${columns} FROM outbound_messages WHERE wamid = ANY($1::text[]) OR id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
        [wamids, rowIds],
      );
}

/**
 * Everything a delivery's statuses change, in one statement (one round trip): the rows merged in
 * memory, their transitions' audit rows and every status event into the history (a key already
 * there is kept as it was). Each row is guarded by the state it was locked in (compare and set);
 * returns how many rows were written: anything short of all means a row moved under its lock,
 * which the caller treats as a failure of the whole transaction.
 */
export async function writeStatuses(
  tx: EntityManager,
  rows: readonly StatusRowWrite[],
  audits: readonly { messageId: string; from: string; to: string; reason: string; details: Record<string, unknown> }[],
  history: readonly NewStatusEvent[],
  now: Date,
): Promise<number> {
  const r = <K extends keyof StatusRowWrite>(k: K) => rows.map((x) => x[k]);
  const h = <K extends keyof NewStatusEvent>(k: K) => history.map((x) => x[k]);
  const hJson = (k: 'conversation' | 'pricing' | 'errors' | 'raw') => history.map((x) => jsonbParam(x[k]));
  const [result] = await preparedTxRows<{ written: number }>(
    tx,
    `WITH written AS (
       UPDATE outbound_messages m
          SET state = u.state, sent_at = u.sent_at, delivered_at = u.delivered_at, read_at = u.read_at, played_at = u.played_at,
              failed_at = u.failed_at, wamid = u.wamid, last_error = COALESCE(u.last_error, m.last_error),
              pricing = COALESCE(u.pricing, m.pricing), updated_at = $1
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[], $9::timestamptz[], $10::text[], $11::jsonb[], $35::jsonb[])
           AS u(id, expected, state, sent_at, delivered_at, read_at, played_at, failed_at, wamid, last_error, pricing)
        WHERE m.id = u.id AND m.state = u.expected
        RETURNING m.id),
     audited AS (
       INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
       SELECT m, f, t, 'webhook', r, d, $1 FROM unnest($12::uuid[], $13::text[], $14::text[], $15::text[], $16::jsonb[]) AS u(m, f, t, r, d)),
     kept AS (
       INSERT INTO message_status_events
         (event_key, delivery_id, message_id, phone_number_id, wamid, status, occurred_at, received_at, recipient_id, recipient_user_id,
          biz_opaque_callback_data, conversation, pricing, errors, raw, match_state, merge_result, matched_at)
       SELECT * FROM unnest($17::text[], $18::uuid[], $19::uuid[], $20::text[], $21::text[], $22::text[], $23::timestamptz[], $24::timestamptz[], $25::text[], $26::text[],
                            $27::text[], $28::jsonb[], $29::jsonb[], $30::jsonb[], $31::jsonb[], $32::text[], $33::text[], $34::timestamptz[])
       ON CONFLICT DO NOTHING)
     SELECT count(*)::int AS written FROM written`,
    [
      now,
      r('id'),
      r('expected'),
      r('state'),
      r('sentAt'),
      r('deliveredAt'),
      r('readAt'),
      r('playedAt'),
      r('failedAt'),
      r('wamid'),
      rows.map((x) => jsonbParam(x.lastError)),
      audits.map((a) => a.messageId),
      audits.map((a) => a.from),
      audits.map((a) => a.to),
      audits.map((a) => a.reason),
      audits.map((a) => jsonbParam(a.details)),
      h('eventKey'),
      h('deliveryId'),
      h('messageId'),
      h('phoneNumberId'),
      h('wamid'),
      h('status'),
      h('occurredAt'),
      h('receivedAt'),
      h('recipientId'),
      h('recipientUserId'),
      h('bizOpaqueCallbackData'),
      hJson('conversation'),
      hJson('pricing'),
      hJson('errors'),
      hJson('raw'),
      h('matchState'),
      h('mergeResult'),
      h('matchedAt'),
      rows.map((x) => jsonbParam(x.pricing)),
    ],
  );
  return result!.written;
}
