import { Injectable } from '@nestjs/common';
import type { OutboxState } from '@sendbook/queue';
import { ReadDatabase } from '../../database/replica/read-database.js';

/** Only the messages this actor enqueued (a send-only API key's view), or everyone's when null. */
/** The actors whose messages count (a send key's integration), or null: everyone's. */
export type Enqueuer = readonly string[] | null;

export interface CampaignCounts {
  campaign: string;
  messages: number;
  byState: Partial<Record<OutboxState, number>>;
  firstAt: Date;
  lastAt: Date;
}

export interface CampaignFailure {
  code: number | string | null;
  title: string | null;
  count: number;
}

export interface CampaignReplies {
  count: number;
  messagesReplied: number;
  choices: { title: string; count: number }[];
}

/** Most distinct choices a campaign view lists (buttons and list rows: a template has a handful). */
const MAX_CHOICES = 20;

/**
 * Read-only figures over the outbox's rows by `campaign` (ix_outbound_messages_campaign) and the
 * replies attributed to them. The replica may serve them all.
 */
@Injectable()
export class CampaignsRepository {
  constructor(private readonly reads: ReadDatabase) {}

  /** Campaigns by their latest message, newest first; keyset-paginated on (last message, name). */
  async list(f: { enqueuer: Enqueuer; limit: number; after?: { lastAt: Date; campaign: string } }): Promise<CampaignCounts[]> {
    const params: unknown[] = [f.enqueuer];
    const after = f.after ? `HAVING (max(last_at), campaign) < ($${params.push(f.after.lastAt)}::timestamptz, $${params.push(f.after.campaign)}::text)` : '';
    const rows = await this.reads.query<CountsRow>(
      `SELECT campaign, sum(n)::int AS messages, jsonb_object_agg(state, n) AS by_state, min(first_at) AS first_at, max(last_at) AS last_at
         FROM (SELECT campaign, state, count(*)::int AS n, min(created_at) AS first_at, max(created_at) AS last_at
                 FROM outbound_messages WHERE campaign IS NOT NULL AND ($1::text[] IS NULL OR created_by = ANY($1::text[]))
                GROUP BY campaign, state) s
        GROUP BY campaign ${after}
        ORDER BY max(last_at) DESC, campaign DESC
        LIMIT $${params.push(f.limit)}`,
      params,
    );
    return rows.map(toCounts);
  }

  async counts(campaign: string, enqueuer: Enqueuer): Promise<CampaignCounts | null> {
    const rows = await this.reads.query<CountsRow>(
      `SELECT $1::text AS campaign, sum(n)::int AS messages, jsonb_object_agg(state, n) AS by_state, min(first_at) AS first_at, max(last_at) AS last_at
         FROM (SELECT state, count(*)::int AS n, min(created_at) AS first_at, max(created_at) AS last_at
                 FROM outbound_messages WHERE campaign = $1 AND ($2::text[] IS NULL OR created_by = ANY($2::text[]))
                GROUP BY state) s
       HAVING count(*) > 0`,
      [campaign, enqueuer],
    );
    return rows[0] ? toCounts(rows[0]) : null;
  }

  /** Failed messages by Meta's (or the sender's) error code, most frequent first. */
  async failures(campaign: string, enqueuer: Enqueuer): Promise<CampaignFailure[]> {
    const rows = await this.reads.query<{ code: number | string | null; title: string | null; n: number }>(
      `SELECT last_error->'code' AS code, max(last_error->>'title') AS title, count(*)::int AS n
         FROM outbound_messages WHERE campaign = $1 AND state = 'failed' AND ($2::text[] IS NULL OR created_by = ANY($2::text[]))
        GROUP BY last_error->'code'
        ORDER BY n DESC, code`,
      [campaign, enqueuer],
    );
    return rows.map((r) => ({ code: r.code ?? null, title: r.title, count: r.n }));
  }

  /** Inbound messages attributed to the campaign's messages (reactions are not replies), and the choices tapped. */
  async replies(campaign: string, enqueuer: Enqueuer): Promise<CampaignReplies> {
    const [totals, choices] = await Promise.all([
      this.reads.query<{ n: number; messages: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT a.message_id)::int AS messages
           FROM outbound_messages m JOIN inbound_attributions a ON a.message_id = m.id AND a.reason <> 'reaction'
          WHERE m.campaign = $1 AND ($2::text[] IS NULL OR m.created_by = ANY($2::text[]))`,
        [campaign, enqueuer],
      ),
      this.reads.query<{ title: string; n: number }>(
        `SELECT i.choice->>'title' AS title, count(*)::int AS n
           FROM outbound_messages m
           JOIN inbound_attributions a ON a.message_id = m.id AND a.reason <> 'reaction'
           JOIN inbound_messages i ON i.id = a.inbound_message_id
          WHERE m.campaign = $1 AND ($2::text[] IS NULL OR m.created_by = ANY($2::text[])) AND i.choice->>'title' IS NOT NULL
          GROUP BY 1 ORDER BY n DESC, title LIMIT ${MAX_CHOICES}`,
        [campaign, enqueuer],
      ),
    ]);
    return { count: totals[0]?.n ?? 0, messagesReplied: totals[0]?.messages ?? 0, choices: choices.map((c) => ({ title: c.title, count: c.n })) };
  }
}

interface CountsRow {
  campaign: string;
  messages: number;
  by_state: Partial<Record<OutboxState, number>>;
  first_at: Date;
  last_at: Date;
}

function toCounts(r: CountsRow): CampaignCounts {
  return { campaign: r.campaign, messages: r.messages, byState: r.by_state, firstAt: new Date(r.first_at), lastAt: new Date(r.last_at) };
}
