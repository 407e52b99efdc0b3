import { Injectable } from '@nestjs/common';
import { campaignDedupeKeyPrefix, type CampaignRecipientRow } from '@sendbook/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { jsonbParam } from '../../database/jsonb-param.js';
import { queryRows } from '../../database/query-rows.js';
import { ReadDatabase } from '../../database/replica/read-database.js';
import { mapRawRow } from '../../database/raw-rows.js';
import { CampaignRecipient, CampaignRecord } from './campaign.entity.js';

/** Campaign states: made, sending (its rows written in the background), paused, and the two ends. */
export type CampaignState = 'draft' | 'running' | 'paused' | 'completed' | 'cancelled';

/** Recipients per INSERT when a campaign is stored. */
const STORE_CHUNK = 5_000;

export interface NewCampaign {
  name: string;
  phoneNumberId: string;
  template: { name: string; language: string };
  templateCategory: string | null;
  notBefore: Date | null;
  createdBy: string;
}

/** Where a campaign's messages stand, by what an admin wants to know. */
export interface CampaignProgress {
  byState: Record<string, number>;
  waitingForLimit: number;
  optedOut: number;
  paused: number;
}

/**
 * The only code that writes `campaigns` and `campaign_recipients`. What people look at (the list,
 * a campaign's progress, its chart, its export) the replica may serve (`reads`).
 */
@Injectable()
export class CampaignRecordsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadDatabase,
  ) {}

  private record(raw: Record<string, unknown>): CampaignRecord {
    return mapRawRow<CampaignRecord>(this.dataSource.getMetadata(CampaignRecord), raw);
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The new campaign, or null when the name is taken (then `lockByName` finds it). */
  async insert(tx: EntityManager, c: NewCampaign, now: Date): Promise<CampaignRecord | null> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      `INSERT INTO campaigns (name, phone_number_id, template, template_category, not_before, state, rows_total, rows_written, rows_refused, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'running', 0, 0, 0, $6, $7, $7)
       ON CONFLICT (name) DO NOTHING RETURNING *`,
      [c.name, c.phoneNumberId, jsonbParam(c.template), c.templateCategory, c.notBefore, c.createdBy, now],
    );
    return rows[0] ? this.record(rows[0]) : null;
  }

  async lock(tx: EntityManager, ref: { id: string } | { name: string }): Promise<CampaignRecord | null> {
    const [column, value] = 'id' in ref ? ['id', ref.id] : ['name', ref.name];
    if (column === 'id' && !isUuid(value)) return null;
    const rows = await queryRows<Record<string, unknown>>(tx, `SELECT * FROM campaigns WHERE ${column} = $1 FOR UPDATE`, [value]);
    return rows[0] ? this.record(rows[0]) : null;
  }

  async find(ref: string): Promise<CampaignRecord | null> {
    const rows = await queryRows<Record<string, unknown>>(
      this.dataSource,
      `SELECT * FROM campaigns WHERE name = $1 OR ($2::uuid IS NOT NULL AND id = $2::uuid)`,
      [ref, isUuid(ref) ? ref : null],
    );
    return rows[0] ? this.record(rows[0]) : null;
  }

  /** As find, for showing it: the replica may serve it; one it does not have yet is looked up on the primary. */
  async read(ref: string): Promise<CampaignRecord | null> {
    const rows = await this.reads.query<Record<string, unknown>>(`SELECT * FROM campaigns WHERE name = $1 OR ($2::uuid IS NOT NULL AND id = $2::uuid)`, [
      ref,
      isUuid(ref) ? ref : null,
    ]);
    return rows[0] ? this.record(rows[0]) : this.find(ref);
  }

  async list(limit: number): Promise<CampaignRecord[]> {
    const rows = await this.reads.query<Record<string, unknown>>(`SELECT * FROM campaigns ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
    return rows.map((r) => this.record(r));
  }

  /** The recipients of this list the campaign already has, by wa_id (a resubmitted file). */
  /** Which of these recipients the campaign has; in the caller's transaction, or (null) on its own (a dry run). */
  async knownRecipients(tx: EntityManager | null, campaignId: string, waIds: readonly string[]): Promise<Set<string>> {
    const rows = await queryRows<{ wa_id: string }>(
      tx ?? this.dataSource,
      `SELECT wa_id FROM campaign_recipients WHERE campaign_id = $1 AND wa_id = ANY($2::text[])`,
      [campaignId, waIds],
    );
    return new Set(rows.map((r) => r.wa_id));
  }

  /**
   * Appends recipients after the campaign's last (`seq` rows_total + 1, …) in chunks, and counts
   * them into rows_total, in the caller's transaction (the campaign row locked).
   */
  async append(tx: EntityManager, campaign: CampaignRecord, recipients: readonly CampaignRecipientRow[], refused: number, now: Date): Promise<void> {
    for (let at = 0; at < recipients.length; at += STORE_CHUNK) {
      const chunk = recipients.slice(at, at + STORE_CHUNK).map((r, i) => ({
        seq: campaign.rowsTotal + at + i + 1,
        line: r.line,
        to: r.to,
        wa_id: r.waId,
        is_bsuid: r.isBsuid,
        variables: r.variables,
      }));
      await tx.query(
        `INSERT INTO campaign_recipients (campaign_id, seq, line, "to", wa_id, is_bsuid, variables)
         SELECT $1, seq, line, "to", wa_id, is_bsuid, variables
           FROM jsonb_to_recordset($2::jsonb) AS r(seq int, line int, "to" text, wa_id text, is_bsuid boolean, variables jsonb)`,
        [campaign.id, JSON.stringify(chunk)],
      );
    }
    await tx.query(
      `UPDATE campaigns SET rows_total = rows_total + $2, rows_refused = rows_refused + $3, updated_at = $4,
              state = CASE WHEN state = 'completed' AND $2 > 0 THEN 'running' ELSE state END,
              completed_at = CASE WHEN state = 'completed' AND $2 > 0 THEN NULL ELSE completed_at END
        WHERE id = $1`,
      [campaign.id, recipients.length, refused, now],
    );
  }

  async setState(tx: EntityManager, id: string, state: CampaignState, now: Date): Promise<void> {
    await tx.query(
      `UPDATE campaigns SET state = $2::text, updated_at = $3::timestamptz, completed_at = CASE WHEN $2::text IN ('completed', 'cancelled') THEN $3::timestamptz ELSE NULL END WHERE id = $1`,
      [id, state, now],
    );
  }

  /** Running campaigns with recipients not yet written. */
  async unwritten(): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT id FROM campaigns WHERE state = 'running' AND rows_written < rows_total ORDER BY created_at`,
      [],
    );
    return rows.map((r) => r.id);
  }

  /** The campaign, if running and no other writer holds it: locked for this transaction. */
  async claimForWriting(tx: EntityManager, id: string): Promise<CampaignRecord | null> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      `SELECT * FROM campaigns WHERE id = $1 AND state = 'running' AND rows_written < rows_total FOR UPDATE SKIP LOCKED`,
      [id],
    );
    return rows[0] ? this.record(rows[0]) : null;
  }

  async nextRecipients(tx: EntityManager, campaignId: string, afterSeq: number, limit: number): Promise<CampaignRecipient[]> {
    const rows = await queryRows<Record<string, unknown>>(tx, `SELECT * FROM campaign_recipients WHERE campaign_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [
      campaignId,
      afterSeq,
      limit,
    ]);
    const meta = this.dataSource.getMetadata(CampaignRecipient);
    return rows.map((r) => mapRawRow<CampaignRecipient>(meta, r));
  }

  async recordWritten(tx: EntityManager, id: string, throughSeq: number, now: Date): Promise<void> {
    await tx.query(`UPDATE campaigns SET rows_written = GREATEST(rows_written, $2), updated_at = $3 WHERE id = $1`, [id, throughSeq, now]);
  }

  /** Running campaigns all written with nothing left to go (nothing `queued` or `sending`): completed. */
  async completeFinished(now: Date): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE campaigns c SET state = 'completed', completed_at = $1, updated_at = $1
        WHERE c.state = 'running' AND c.rows_written = c.rows_total
          AND NOT EXISTS (SELECT 1 FROM outbound_messages m
                           WHERE m.campaign = c.name AND starts_with(m.dedupe_key, 'campaign:' || c.id || ':') AND m.state IN ('queued', 'sending'))
        RETURNING c.id`,
      [now],
    );
    return rows.map((r) => r.id);
  }

  /** Its messages by state, and those waiting for the messaging limit, held for an opt-out or the pause. */
  async progress(c: Pick<CampaignRecord, 'id' | 'name'>): Promise<CampaignProgress> {
    const rows = await this.reads.query<{ state: string; code: string | null; n: number }>(
      `SELECT state, last_error->>'code' AS code, count(*)::int AS n FROM outbound_messages
        WHERE campaign = $1 AND starts_with(dedupe_key, $2) GROUP BY 1, 2`,
      [c.name, campaignDedupeKeyPrefix(c.id)],
    );
    const byState: Record<string, number> = {};
    let waitingForLimit = 0;
    let optedOut = 0;
    let paused = 0;
    for (const r of rows) {
      byState[r.state] = (byState[r.state] ?? 0) + r.n;
      if (r.state === 'queued' && r.code === 'messaging_limit') waitingForLimit += r.n;
      if (r.state === 'held' && r.code === 'marketing_opt_out') optedOut += r.n;
      if (r.state === 'held' && r.code === 'campaign_paused') paused += r.n;
    }
    return { byState, waitingForLimit, optedOut, paused };
  }

  /** Sent, delivered, read and failed per minute over the campaign's life (the chart). */
  async timeline(c: Pick<CampaignRecord, 'id' | 'name'>): Promise<{ at: Date; sent: number; delivered: number; read: number; failed: number }[]> {
    const rows = await this.reads.query<{ at: Date; sent: number; delivered: number; read: number; failed: number }>(
      `WITH m AS (SELECT sent_at, delivered_at, read_at, failed_at FROM outbound_messages WHERE campaign = $1 AND starts_with(dedupe_key, $2)),
            t AS (SELECT date_trunc('minute', sent_at) AS at, 'sent' AS k FROM m WHERE sent_at IS NOT NULL
                  UNION ALL SELECT date_trunc('minute', delivered_at), 'delivered' FROM m WHERE delivered_at IS NOT NULL
                  UNION ALL SELECT date_trunc('minute', read_at), 'read' FROM m WHERE read_at IS NOT NULL
                  UNION ALL SELECT date_trunc('minute', failed_at), 'failed' FROM m WHERE failed_at IS NOT NULL)
       SELECT at, count(*) FILTER (WHERE k = 'sent')::int AS sent, count(*) FILTER (WHERE k = 'delivered')::int AS delivered,
              count(*) FILTER (WHERE k = 'read')::int AS read, count(*) FILTER (WHERE k = 'failed')::int AS failed
         FROM t GROUP BY at ORDER BY at LIMIT 1440`,
      [c.name, campaignDedupeKeyPrefix(c.id)],
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at) }));
  }

  /** How many of these recipients of the number have opted out of marketing (contacts, read only). */
  async optedOutAmong(phoneNumberId: string, waIds: readonly string[]): Promise<number> {
    if (waIds.length === 0) return 0;
    const rows = await queryRows<{ n: number }>(
      this.dataSource,
      `SELECT count(DISTINCT r.id)::int AS n FROM unnest($2::text[]) AS r(id)
         JOIN contacts k ON k.phone_number_id = $1 AND r.id IN (k.wa_id, k.user_id) AND k.marketing_opt_out_at IS NOT NULL`,
      [phoneNumberId, waIds],
    );
    return rows[0]?.n ?? 0;
  }

  /** Every recipient of the campaign with its message's state (the export), in order. */
  async rowsForExport(
    c: Pick<CampaignRecord, 'id' | 'name'>,
  ): Promise<{ line: number; to: string; state: string | null; code: string | null; wamid: string | null }[]> {
    return this.reads.query(
      `SELECT r.line, r."to", m.state, m.last_error->>'code' AS code, m.wamid
         FROM campaign_recipients r
         LEFT JOIN outbound_messages m ON m.dedupe_key = $2 || r.wa_id
        WHERE r.campaign_id = $1 ORDER BY r.seq`,
      [c.id, campaignDedupeKeyPrefix(c.id)],
    );
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
