import { Injectable } from '@nestjs/common';
import { isMarketingMessage, MARKETING_OPT_OUT_HOLD_CODE, recipientIdsOf, type MarketingOptOutSource, type RowError } from '@sendbook/queue';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../../database/query-rows.js';
import { holdQueued, releaseHeld, type DueAgainRow } from '../outbox/outbound-transitions.js';
import { templateCategorySql } from '../templates/template-category-sql.js';

/** A row a resume made due now: its job must be (re)added once the transaction commits. */
export type ReleasedMarketingRow = DueAgainRow;

/** The SQL of marketing opt-outs: the contact's flag, and which of its rows to hold or release (the outbox moves them). */
@Injectable()
export class MarketingOptOutsRepository {
  /** Marks the contact opted out (the first time wins, so "since" stays the earliest). */
  async markOptedOut(
    tx: EntityManager,
    contactId: string,
    at: Date,
    source: MarketingOptOutSource,
    now: Date,
  ): Promise<{ recipientIds: string[]; since: Date }> {
    const rows = await queryRows<{ wa_id: string | null; user_id: string | null; since: Date }>(
      tx,
      `UPDATE contacts SET marketing_opt_out_at = COALESCE(marketing_opt_out_at, $2),
              marketing_opt_out_source = CASE WHEN marketing_opt_out_at IS NULL THEN $3 ELSE marketing_opt_out_source END, updated_at = $4
        WHERE id = $1 RETURNING wa_id, user_id, marketing_opt_out_at AS since`,
      [contactId, at, source, now],
    );
    return { recipientIds: recipientIdsOf({ waId: rows[0]!.wa_id, userId: rows[0]!.user_id }), since: new Date(rows[0]!.since) };
  }

  /**
   * Clears the opt-out, unless it is newer than the resume (webhooks can arrive out of order).
   * Returns the ids rows to the contact are addressed by (phone, user id) when it was cleared.
   */
  async clearOptOut(tx: EntityManager, contactId: string, at: Date | null, now: Date): Promise<{ cleared: boolean; recipientIds: string[] }> {
    const rows = await queryRows<{ wa_id: string | null; user_id: string | null; cleared: boolean }>(
      tx,
      `WITH old AS (SELECT id, marketing_opt_out_at FROM contacts WHERE id = $1 FOR UPDATE)
       UPDATE contacts k SET marketing_opt_out_at = NULL, marketing_opt_out_source = NULL, updated_at = $3
         FROM old WHERE k.id = old.id AND old.marketing_opt_out_at IS NOT NULL AND ($2::timestamptz IS NULL OR old.marketing_opt_out_at <= $2)
       RETURNING k.wa_id, k.user_id, true AS cleared`,
      [contactId, at, now],
    );
    return rows[0] ? { cleared: true, recipientIds: recipientIdsOf({ waId: rows[0].wa_id, userId: rows[0].user_id }) } : { cleared: false, recipientIds: [] };
  }

  /**
   * The recipient's `queued` marketing rows become `held` (one audit row each, actor `webhook`).
   * Which rows are marketing is the pure rule's call, on each row's template category.
   */
  async holdQueuedMarketing(
    tx: EntityManager,
    phoneNumberId: string,
    recipientIds: readonly string[],
    error: RowError,
    reason: string,
    now: Date,
  ): Promise<string[]> {
    const candidates = await queryRows<{ id: string; payload_type: string; template_category: string | null }>(
      tx,
      `SELECT m.id, m.payload->>'type' AS payload_type, ${templateCategorySql('m')} AS template_category
         FROM outbound_messages m
        WHERE m.phone_number_id = $1 AND m.to_wa_id = ANY($2::text[]) AND m.state = 'queued' AND m.payload->>'type' = 'template'
        FOR UPDATE OF m`,
      [phoneNumberId, recipientIds],
    );
    const ids = candidates.filter((r) => isMarketingMessage({ payloadType: r.payload_type, templateCategory: r.template_category })).map((r) => r.id);
    return holdQueued(tx, ids, error, reason, now);
  }

  /** The rows held for the opt-out go back to `queued` (due now, or at their own later time), paced and sent as any other. */
  releaseHeldMarketing(tx: EntityManager, phoneNumberId: string, recipientIds: readonly string[], reason: string, now: Date): Promise<ReleasedMarketingRow[]> {
    return releaseHeld(tx, { phoneNumberId, recipientIds }, MARKETING_OPT_OUT_HOLD_CODE, reason, now);
  }
}
