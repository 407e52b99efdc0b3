import type { DataSource, EntityManager } from 'typeorm';
import { jsonbParam } from '../../database/jsonb-param.js';
import { queryRows } from '../../database/query-rows.js';

// Moves of outbound rows that other modules decide on (a template paused, a user opting out of
// marketing, a messaging limit raised). The outbox owns `outbound_messages` and its audit trail:
// those modules say which rows and why, the statements are built here, in the caller's transaction.

/** A row due again: its job must be moved once the transaction commits. */
export interface DueAgainRow {
  readonly id: string;
  readonly notBefore: Date;
  readonly priority: number;
}

/** These rows, if still `queued`, become `held` with `error`, one audit row each (actor `webhook`); returns those held. */
export async function holdQueued(tx: EntityManager, ids: readonly string[], error: object, reason: string, now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const held = await queryRows<{ id: string }>(
    tx,
    `WITH held AS (
       UPDATE outbound_messages SET state = 'held', last_error = $2, updated_at = $4
        WHERE id = ANY($1::uuid[]) AND state = 'queued' RETURNING id),
     audit AS (
       INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
       SELECT id, 'queued', 'held', 'webhook', $3, jsonb_build_object('error', $2::jsonb), $4 FROM held)
     SELECT id FROM held`,
    [ids, jsonbParam(error), reason, now],
  );
  return held.map((r) => r.id);
}

/** A template was paused or disabled: its `queued` messages become `held` (see `holdQueued`). */
export async function holdQueuedForTemplate(
  tx: EntityManager,
  template: { name: string; language: string },
  error: object,
  reason: string,
  now: Date,
): Promise<string[]> {
  const queued = await queryRows<{ id: string }>(
    tx,
    `SELECT id FROM outbound_messages
      WHERE state = 'queued' AND payload->>'type' = 'template'
        AND payload->'template'->>'name' = $1 AND payload->'template'->'language'->>'code' = $2
      ORDER BY id FOR UPDATE`,
    [template.name, template.language],
  );
  return holdQueued(
    tx,
    queued.map((r) => r.id),
    error,
    reason,
    now,
  );
}

/** A recipient's rows held for `code` go back to `queued` (due now, or at their own later time), one audit row each. */
export async function releaseHeld(
  tx: EntityManager,
  recipient: { phoneNumberId: string; recipientIds: readonly string[] },
  code: string,
  reason: string,
  now: Date,
): Promise<DueAgainRow[]> {
  const rows = await queryRows<{ id: string; not_before: Date; priority: number }>(
    tx,
    `WITH released AS (
       UPDATE outbound_messages SET state = 'queued', not_before = GREATEST(not_before, $4), last_error = NULL, updated_at = $4
        WHERE phone_number_id = $1 AND to_wa_id = ANY($2::text[]) AND state = 'held' AND last_error->>'code' = $3
        RETURNING id, not_before, priority),
     audit AS (
       INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
       SELECT id, 'held', 'queued', 'webhook', $5, NULL, $4 FROM released)
     SELECT id, not_before, priority FROM released`,
    [recipient.phoneNumberId, recipient.recipientIds, code, now, reason],
  );
  return rows.map(dueAgain);
}

/**
 * `queued` rows put off with `code` (waiting for a messaging-limit slot) become due now, on one
 * number or all (`phoneNumberId` null). Still `queued`: no transition, so no audit row.
 */
export async function bringWaitingForward(db: EntityManager | DataSource, code: string, phoneNumberId: string | null, now: Date): Promise<DueAgainRow[]> {
  const rows = await queryRows<{ id: string; not_before: Date; priority: number }>(
    db,
    `UPDATE outbound_messages SET not_before = $1, updated_at = $1
      WHERE state = 'queued' AND not_before > $1 AND last_error->>'code' = $2 AND ($3::text IS NULL OR phone_number_id = $3)
      RETURNING id, not_before, priority`,
    [now, code, phoneNumberId],
  );
  return rows.map(dueAgain);
}

function dueAgain(r: { id: string; not_before: Date; priority: number }): DueAgainRow {
  return { id: r.id, notBefore: new Date(r.not_before), priority: Number(r.priority) };
}

/** One campaign's rows: the tag they carry and the dedupe-key prefix only the campaign writes, so an integrator's rows with the same tag are never touched. */
export interface CampaignRows {
  readonly tag: string;
  readonly keyPrefix: string;
}

/** `last_error.code` of a row held because its campaign was paused. */
export const CAMPAIGN_PAUSED = 'campaign_paused';

/** A campaign paused: its `queued` rows become `held` (code `campaign_paused`), one audit row each by `actor`; how many. */
export async function holdCampaignQueued(tx: EntityManager, rows: CampaignRows, actor: string, reason: string, now: Date): Promise<number> {
  const error = { code: CAMPAIGN_PAUSED, title: 'campaign paused', message: 'held: its campaign is paused; resuming the campaign sends it', details: null };
  const held = await queryRows<{ n: number }>(
    tx,
    `WITH held AS (
       UPDATE outbound_messages SET state = 'held', last_error = $3, updated_at = $6
        WHERE campaign = $1 AND starts_with(dedupe_key, $2) AND state = 'queued' RETURNING id),
     audit AS (
       INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
       SELECT id, 'queued', 'held', $4, $5, jsonb_build_object('error', $3::jsonb), $6 FROM held)
     SELECT count(*)::int AS n FROM held`,
    [rows.tag, rows.keyPrefix, jsonbParam(error), actor, reason, now],
  );
  return held[0]?.n ?? 0;
}

/**
 * A campaign resumed: its rows held for `campaign_paused` are `queued` again (due now or later),
 * paced by the sender as any row; with them, rows that came back to the queue during the pause (a
 * retry the claim left for the resume), due now.
 */
export async function releaseCampaignHeld(tx: EntityManager, rows: CampaignRows, actor: string, reason: string, now: Date): Promise<DueAgainRow[]> {
  const released = await queryRows<{ id: string; not_before: Date; priority: number }>(
    tx,
    `WITH released AS (
       UPDATE outbound_messages SET state = 'queued', not_before = GREATEST(not_before, $3), last_error = NULL, updated_at = $3
        WHERE campaign = $1 AND starts_with(dedupe_key, $2) AND state = 'held' AND last_error->>'code' = '${CAMPAIGN_PAUSED}'
        RETURNING id, not_before, priority),
     audit AS (
       INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
       SELECT id, 'held', 'queued', $4, $5, NULL, $3 FROM released)
     SELECT id, not_before, priority FROM released
     UNION ALL
     SELECT id, not_before, priority FROM outbound_messages
      WHERE campaign = $1 AND starts_with(dedupe_key, $2) AND state = 'queued' AND not_before <= $3`,
    [rows.tag, rows.keyPrefix, now, actor, reason],
  );
  return released.map(dueAgain);
}

/** A campaign cancelled: every row of it that may still go (`queued`, `held`) becomes `cancelled`, audited; how many. */
export async function cancelCampaignRows(tx: EntityManager, rows: CampaignRows, actor: string, reason: string, now: Date): Promise<number> {
  const cancelled = await queryRows<{ n: number }>(
    tx,
    `WITH old AS (
       SELECT id, state FROM outbound_messages
        WHERE campaign = $1 AND starts_with(dedupe_key, $2) AND state IN ('queued', 'held') ORDER BY id FOR UPDATE),
     cancelled AS (
       UPDATE outbound_messages m SET state = 'cancelled', cancelled_at = $3, updated_at = $3
         FROM old WHERE m.id = old.id AND m.state IN ('queued', 'held') RETURNING m.id, old.state AS from_state),
     audit AS (
       INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
       SELECT id, from_state, 'cancelled', $4, $5, NULL, $3 FROM cancelled)
     SELECT count(*)::int AS n FROM cancelled`,
    [rows.tag, rows.keyPrefix, now, actor, reason],
  );
  return cancelled[0]?.n ?? 0;
}
