import { Injectable } from '@nestjs/common';
import type { Attribution, AttributionReason, NamedTarget } from '@sendbook/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedTxRows } from '../../database/prepared-rows.js';
import { queryRows } from '../../database/query-rows.js';
import { ReadDatabase } from '../../database/replica/read-database.js';
import type { Contact } from './contact.entity.js';
import type { Conversation, ConversationState } from './conversation.entity.js';
import { INBOUND_SELECT, toInbound, type InboundView, type StoredInbound } from './inbound-rows.js';

export type { InboundView, StoredInbound };

type Db = DataSource | EntityManager;

export interface OutboundCandidate {
  id: string;
  payload: Record<string, unknown>;
  purpose: string;
  sentAt: Date | null;
  answered: boolean;
}

export interface NewAttribution {
  inboundMessageId: string;
  conversationId: string;
  contactId: string;
  attribution: Attribution;
  reason: AttributionReason;
  messageId: string | null;
  namedWamid: string | null;
}

/** Who wrote, as upsertContact takes it. */
export interface ContactIdentityRow {
  key: string;
  waId: string | null;
  userId: string | null;
  name: string | null;
}

export interface ConversationView extends Conversation {
  contact: Contact;
  assigneeName: string | null;
  /** The team its business number is routed to (null: none). */
  team: { id: string; name: string } | null;
}

const CONVERSATION_SELECT = `
  SELECT c.id, c.phone_number_id, c.contact_id, c.state, c.assignee, c.unread_count, c.last_activity_at, c.last_inbound_at,
         c.window_open_until, c.read_marked_wamid, c.labels, c.snoozed_at, c.snoozed_until, c.created_at, c.updated_at, s.name AS assignee_name,
         c.opened_at, c.assigned_at, c.needs_assignee_since, c.waiting_since, c.waiting_for, c.response_due_at, c.sla_breached_at, c.last_reply_at, c.out_of_office_due,
         t.id AS team_id, t.name AS team_name,
         k.contact_key, k.wa_id, k.user_id, k.name, k.time_zone, k.marketing_opt_out_at, k.marketing_opt_out_source, k.created_at AS contact_created_at, k.updated_at AS contact_updated_at
    FROM conversations c
    JOIN contacts k ON k.id = c.contact_id
    LEFT JOIN staff s ON s.id::text = c.assignee
    LEFT JOIN team_numbers tn ON tn.phone_number_id = c.phone_number_id
    LEFT JOIN teams t ON t.id = tn.team_id`;

/** Which conversations a list shows. */
export interface ConversationFilter {
  state?: ConversationState;
  assignee?: string;
  /** Assigned to nobody. */
  unassigned?: boolean;
  /** Name or number contains this. */
  q?: string;
  /** The 24 h window is open at this instant. */
  windowOpenAt?: Date;
  /** Carries this (normalised) label: the GIN index on labels answers it. */
  label?: string;
  /** `hide`: awake only (the Open list); `only`: snoozed only. */
  snoozed?: 'hide' | 'only';
}

/** A label in use, and on how many conversations (open ones among them). */
export interface LabelUse {
  label: string;
  conversations: number;
  open: number;
}

/** The only code that builds SQL for contacts, conversations and attributions. */
/** The thread an inbound message was placed in, and who it is assigned to (null: unassigned) as it was placed. */
export interface PlacedThread {
  readonly id: string;
  readonly assignee: string | null;
  /** It was snoozed, and the customer writing woke it. */
  readonly woke: boolean;
}

@Injectable()
export class ConversationsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadDatabase,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // ---- contacts ------------------------------------------------------------------------------

  /**
   * The contact for this identity on this number, created if absent. A known user id wins; a
   * phone-only contact is adopted by the user id that first comes with that phone; a contact whose
   * phone now comes with another user id (the number changed hands) is not.
   */
  async upsertContact(
    db: Db,
    c: { phoneNumberId: string; key: string; waId: string | null; userId: string | null; name: string | null },
    now: Date,
  ): Promise<string> {
    const found = await queryRows<{ id: string }>(
      db,
      `SELECT id FROM contacts
        WHERE phone_number_id = $1
          AND (($2::text IS NOT NULL AND user_id = $2) OR ($3::text IS NOT NULL AND wa_id = $3 AND ($2::text IS NULL OR user_id IS NULL)))
        ORDER BY (user_id IS NOT DISTINCT FROM $2::text) DESC, created_at
        LIMIT 1 FOR UPDATE`,
      [c.phoneNumberId, c.userId, c.waId],
    );
    const id = found[0]?.id;
    if (id) {
      await db.query(
        `UPDATE contacts SET user_id = COALESCE(user_id, $2), wa_id = COALESCE(wa_id, $3), name = COALESCE($4, name), updated_at = $5 WHERE id = $1`,
        [id, c.userId, c.waId, c.name, now],
      );
      return id;
    }
    const rows = await queryRows<{ id: string }>(
      db,
      `INSERT INTO contacts (phone_number_id, contact_key, wa_id, user_id, name, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$6)
       ON CONFLICT (phone_number_id, contact_key) DO UPDATE SET name = COALESCE(EXCLUDED.name, contacts.name), updated_at = EXCLUDED.updated_at
       RETURNING id`,
      [c.phoneNumberId, c.key, c.waId, c.userId, c.name, now],
    );
    return rows[0]!.id;
  }

  /**
   * upsertContact for several identities of one number in one statement, each by the same rule.
   * Only for identities that share no key, phone or user id (the caller runs the others one at a
   * time, where the first one's contact is the second one's to find). Locks the contacts it finds
   * and inserts the others in key order. Returns one contact id per identity, in input order.
   */
  async upsertContacts(tx: EntityManager, phoneNumberId: string, identities: readonly ContactIdentityRow[], now: Date): Promise<string[]> {
    if (identities.length === 0) return [];
    const raw = await preparedTxRows<{ n: string; id: string }>(
      tx,
      `WITH wanted AS (SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS u(key, wa_id, user_id, name, n)),
       found AS (
         SELECT w.n, c.id FROM wanted w
         CROSS JOIN LATERAL (
           SELECT id FROM contacts
            WHERE phone_number_id = $1
              AND ((w.user_id IS NOT NULL AND user_id = w.user_id) OR (w.wa_id IS NOT NULL AND wa_id = w.wa_id AND (w.user_id IS NULL OR user_id IS NULL)))
            ORDER BY (user_id IS NOT DISTINCT FROM w.user_id) DESC, created_at
            LIMIT 1 FOR UPDATE) c),
       updated AS (
         UPDATE contacts k SET user_id = COALESCE(k.user_id, w.user_id), wa_id = COALESCE(k.wa_id, w.wa_id), name = COALESCE(w.name, k.name), updated_at = $6
           FROM found f JOIN wanted w ON w.n = f.n WHERE k.id = f.id),
       inserted AS (
         INSERT INTO contacts (phone_number_id, contact_key, wa_id, user_id, name, created_at, updated_at)
         SELECT $1, w.key, w.wa_id, w.user_id, w.name, $6, $6 FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM found f WHERE f.n = w.n) ORDER BY w.key
         ON CONFLICT (phone_number_id, contact_key) DO UPDATE SET name = COALESCE(EXCLUDED.name, contacts.name), updated_at = EXCLUDED.updated_at
         RETURNING id, contact_key)
       SELECT n, id FROM found
       UNION ALL SELECT w.n, i.id FROM inserted i JOIN wanted w ON w.key = i.contact_key`,
      [phoneNumberId, identities.map((i) => i.key), identities.map((i) => i.waId), identities.map((i) => i.userId), identities.map((i) => i.name), now],
    );
    const byN = new Map(raw.map((r) => [Number(r.n), r.id]));
    return identities.map((_, i) => {
      const id = byN.get(i + 1);
      if (!id) throw new Error(`no contact came back for identity ${i + 1} of ${identities.length}`);
      return id;
    });
  }

  async findContactByWaId(db: Db, phoneNumberId: string, waId: string): Promise<string | null> {
    const rows = await queryRows<{ id: string }>(db, `SELECT id FROM contacts WHERE phone_number_id = $1 AND wa_id = $2 ORDER BY created_at LIMIT 1`, [
      phoneNumberId,
      waId,
    ]);
    return rows[0]?.id ?? null;
  }

  // ---- conversations -------------------------------------------------------------------------

  /** The contact's thread on this number, created if absent; an inbound message reopens it and moves its window. */
  async upsertConversation(
    db: Db,
    c: { phoneNumberId: string; contactId: string; inboundAt: Date | null; opensWindow: boolean; unread: number; windowMs: number },
    now: Date,
  ): Promise<string> {
    const inboundAt = c.opensWindow ? c.inboundAt : null;
    const until = inboundAt ? new Date(inboundAt.getTime() + c.windowMs) : null;
    const rows = await queryRows<{ id: string }>(
      db,
      `INSERT INTO conversations (phone_number_id, contact_id, state, unread_count, last_activity_at, last_inbound_at, window_open_until, created_at, updated_at, opened_at)
       VALUES ($1,$2,'open',$3,$4,$5,$6,$7,$7,$7)
       ON CONFLICT (phone_number_id, contact_id) DO UPDATE SET
         state = CASE WHEN $3 > 0 THEN 'open' ELSE conversations.state END,
         opened_at = CASE WHEN $3 > 0 AND conversations.state = 'closed' THEN EXCLUDED.opened_at ELSE conversations.opened_at END,
         unread_count = conversations.unread_count + $3,
         last_activity_at = GREATEST(conversations.last_activity_at, EXCLUDED.last_activity_at),
         last_inbound_at = GREATEST(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
         window_open_until = GREATEST(conversations.window_open_until, EXCLUDED.window_open_until),
         updated_at = EXCLUDED.updated_at
       RETURNING id`,
      [c.phoneNumberId, c.contactId, c.unread, c.inboundAt ?? now, inboundAt, until, now],
    );
    return rows[0]!.id;
  }

  /**
   * The threads of a delivery's inbound messages and their attributions, in one statement: per
   * contact its thread upserted as upsertConversation does (its messages summed up: `unread` of
   * them, the latest activity, the latest `inboundAt` that opens the window), locked in contact
   * order so concurrent deliveries of the same customers queue instead of deadlocking; then every
   * message's attribution in its contact's thread. Returns contact id → thread id.
   */
  async placeInbound(
    tx: EntityManager,
    phoneNumberId: string,
    threads: readonly { contactId: string; unread: number; activityAt: Date; inboundAt: Date | null }[],
    attributions: readonly Omit<NewAttribution, 'conversationId'>[],
    windowMs: number,
    now: Date,
  ): Promise<Map<string, PlacedThread>> {
    if (threads.length === 0) return new Map();
    const sorted = [...threads].sort((a, b) => (a.contactId < b.contactId ? -1 : a.contactId > b.contactId ? 1 : 0));
    const a = <K extends keyof Omit<NewAttribution, 'conversationId'>>(k: K) => attributions.map((x) => x[k]);
    const raw = await preparedTxRows<{ id: string; contact_id: string; assignee: string | null; woke: boolean }>(
      tx,
      `WITH threads AS (
         INSERT INTO conversations (phone_number_id, contact_id, state, unread_count, last_activity_at, last_inbound_at, window_open_until, created_at, updated_at, opened_at)
         SELECT $1, c, 'open', n, a, i, i + make_interval(secs => $6::double precision / 1000), $7, $7, $7
           FROM unnest($2::uuid[], $3::int[], $4::timestamptz[], $5::timestamptz[]) WITH ORDINALITY AS u(c, n, a, i, o) ORDER BY o
         ON CONFLICT (phone_number_id, contact_id) DO UPDATE SET
           state = CASE WHEN EXCLUDED.unread_count > 0 THEN 'open' ELSE conversations.state END,
           opened_at = CASE WHEN EXCLUDED.unread_count > 0 AND conversations.state = 'closed' THEN EXCLUDED.opened_at ELSE conversations.opened_at END,
           unread_count = conversations.unread_count + EXCLUDED.unread_count,
           last_activity_at = GREATEST(conversations.last_activity_at, EXCLUDED.last_activity_at),
           last_inbound_at = GREATEST(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
           window_open_until = GREATEST(conversations.window_open_until, EXCLUDED.window_open_until),
           snoozed_at = CASE WHEN EXCLUDED.unread_count > 0 THEN NULL ELSE conversations.snoozed_at END,
           snoozed_until = CASE WHEN EXCLUDED.unread_count > 0 THEN NULL ELSE conversations.snoozed_until END,
           updated_at = EXCLUDED.updated_at
         RETURNING id, contact_id, assignee),
       asleep AS (SELECT id FROM conversations WHERE phone_number_id = $1 AND contact_id = ANY($2::uuid[]) AND snoozed_at IS NOT NULL),
       attributed AS (
         INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, message_id, named_wamid, created_at, updated_at)
         SELECT u.i, t.id, u.k, u.a, u.r, u.m, u.w, $7, $7
           FROM unnest($8::uuid[], $9::uuid[], $10::text[], $11::text[], $12::uuid[], $13::text[]) AS u(i, k, a, r, m, w)
           JOIN threads t ON t.contact_id = u.k
         ON CONFLICT (inbound_message_id) DO NOTHING)
       SELECT t.id, t.contact_id, t.assignee, EXISTS (SELECT 1 FROM asleep z WHERE z.id = t.id) AS woke FROM threads t`,
      [
        phoneNumberId,
        sorted.map((r) => r.contactId),
        sorted.map((r) => r.unread),
        sorted.map((r) => r.activityAt),
        sorted.map((r) => r.inboundAt),
        windowMs,
        now,
        a('inboundMessageId'),
        a('contactId'),
        a('attribution'),
        a('reason'),
        a('messageId'),
        a('namedWamid'),
      ],
    );
    return new Map(raw.map((r) => [r.contact_id, { id: r.id, assignee: r.assignee, woke: r.woke }]));
  }

  /** The latest window end for a phone number on a business number (any of its contacts). */
  /** `waId` is a row's `to_wa_id`: the phone's wa_id, or the BSUID of a user known only by it. */
  async closeWindow(phoneNumberId: string, waId: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE conversations c SET window_open_until = $3, updated_at = $3 FROM contacts k
        WHERE k.id = c.contact_id AND c.phone_number_id = $1 AND $2 IN (k.wa_id, k.user_id) AND c.window_open_until > $3`,
      [phoneNumberId, waId, now],
    );
  }

  async windowOpenUntil(phoneNumberId: string, waId: string): Promise<Date | null> {
    const rows = await queryRows<{ until: Date | null }>(
      this.dataSource,
      `SELECT max(c.window_open_until) AS until FROM conversations c JOIN contacts k ON k.id = c.contact_id
        WHERE c.phone_number_id = $1 AND $2 IN (k.wa_id, k.user_id)`,
      [phoneNumberId, waId],
    );
    return rows[0]?.until ? new Date(rows[0].until) : null;
  }

  async findConversation(id: string): Promise<ConversationView | null> {
    const rows = await queryRows<Record<string, unknown>>(this.dataSource, `${CONVERSATION_SELECT} WHERE c.id = $1`, [id]);
    return rows[0] ? toConversation(rows[0]) : null;
  }

  /**
   * The thread as a person reading it sees it (the replica may serve it). One the replica does not
   * have yet (made a moment ago by someone else: a customer's first message) is looked up on the
   * primary, so a thread someone was told about is never a 404.
   */
  async readConversation(id: string): Promise<ConversationView | null> {
    const rows = await this.reads.query<Record<string, unknown>>(`${CONVERSATION_SELECT} WHERE c.id = $1`, [id]);
    return rows[0] ? toConversation(rows[0]) : this.findConversation(id);
  }

  /** A page of the list (the replica may serve it). */
  async listConversations(f: ConversationFilter & { limit: number; after?: { at: Date; id: string } }): Promise<ConversationView[]> {
    const params: unknown[] = [];
    const where = filterSql(f, params);
    if (f.after) where.push(`(c.last_activity_at, c.id) < ($${params.push(f.after.at)}, $${params.push(f.after.id)}::uuid)`);
    const sql = `${CONVERSATION_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.last_activity_at DESC, c.id DESC LIMIT $${params.push(f.limit)}`;
    return (await this.reads.query<Record<string, unknown>>(sql, params)).map(toConversation);
  }

  /**
   * Open conversations per view, in one scan: mine (when a staff member asks), unassigned, all, and
   * of each those with unread messages. The replica may serve it.
   */
  async counts(
    staffId: string | null,
  ): Promise<{ mine: number; unassigned: number; all: number; unread: number; unreadMine: number; unreadUnassigned: number }> {
    const [row] = await this.reads.query<Record<'mine' | 'unassigned' | 'all' | 'unread' | 'unread_mine' | 'unread_unassigned', string>>(
      `SELECT count(*) FILTER (WHERE assignee = $1) AS mine, count(*) FILTER (WHERE assignee IS NULL) AS unassigned, count(*) AS all,
              count(*) FILTER (WHERE unread_count > 0) AS unread,
              count(*) FILTER (WHERE unread_count > 0 AND assignee = $1) AS unread_mine,
              count(*) FILTER (WHERE unread_count > 0 AND assignee IS NULL) AS unread_unassigned
         FROM conversations WHERE state = 'open' AND snoozed_at IS NULL`,
      [staffId],
    );
    return {
      mine: Number(row!.mine),
      unassigned: Number(row!.unassigned),
      all: Number(row!.all),
      unread: Number(row!.unread),
      unreadMine: Number(row!.unread_mine),
      unreadUnassigned: Number(row!.unread_unassigned),
    };
  }

  /** Whether an id names an active staff member (someone a thread can be assigned to). */
  async isActiveStaff(id: string): Promise<boolean> {
    return (await queryRows(this.dataSource, `SELECT 1 FROM staff WHERE id = $1 AND active`, [id])).length > 0;
  }

  async updateConversation(
    id: string,
    // State and assignee change only through ConversationTransitions (TeamWorkRepository), audited.
    patch: { unreadCount?: number; touch?: boolean },
    now: Date,
  ): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id, now];
    if (patch.unreadCount !== undefined) sets.push(`unread_count = $${params.push(patch.unreadCount)}`);
    if (patch.touch) sets.push(`last_activity_at = GREATEST(last_activity_at, $2)`);
    await this.dataSource.query(`UPDATE conversations SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1`, params);
  }

  // ---- labels and snooze -----------------------------------------------------------------------

  /** Replaces the thread's labels; the labels it had (null: no such thread). */
  async replaceLabels(id: string, labels: readonly string[], now: Date): Promise<string[] | null> {
    const rows = await queryRows<{ before: string[] }>(
      this.dataSource,
      `WITH old AS (SELECT id, labels FROM conversations WHERE id = $1 FOR UPDATE)
       UPDATE conversations c SET labels = $2::text[], updated_at = $3 FROM old WHERE c.id = old.id RETURNING old.labels AS before`,
      [id, labels, now],
    );
    return rows[0] ? rows[0].before : null;
  }

  /** Labels in use, most used first (ties by name). The replica may serve it. */
  async labelsInUse(limit: number): Promise<LabelUse[]> {
    const rows = await this.reads.query<{ label: string; conversations: string; open: string }>(
      `SELECT l AS label, count(*) AS conversations, count(*) FILTER (WHERE c.state = 'open') AS open
         FROM conversations c CROSS JOIN LATERAL unnest(c.labels) AS l
        GROUP BY l ORDER BY count(*) DESC, l LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ label: r.label, conversations: Number(r.conversations), open: Number(r.open) }));
  }

  /**
   * Snoozes an open thread until `until` (null: until the customer writes), replacing any snooze it
   * had; the snooze before (null when the thread is absent or closed: nothing changed).
   */
  async snooze(id: string, until: Date | null, now: Date): Promise<{ snoozedAt: Date | null; snoozedUntil: Date | null } | null> {
    const rows = await queryRows<{ snoozed_at: Date | null; snoozed_until: Date | null }>(
      this.dataSource,
      `WITH old AS (SELECT id, snoozed_at, snoozed_until FROM conversations WHERE id = $1 AND state = 'open' FOR UPDATE)
       UPDATE conversations c SET snoozed_at = $3, snoozed_until = $2, updated_at = $3 FROM old WHERE c.id = old.id
       RETURNING old.snoozed_at, old.snoozed_until`,
      [id, until, now],
    );
    return rows[0] ? { snoozedAt: date(rows[0].snoozed_at), snoozedUntil: date(rows[0].snoozed_until) } : null;
  }

  /** Wakes a snoozed thread by hand; the time it was snoozed until, or false when it was not snoozed. */
  async wake(id: string, now: Date): Promise<{ snoozedUntil: Date | null } | false> {
    const rows = await queryRows<{ snoozed_until: Date | null }>(
      this.dataSource,
      `WITH old AS (SELECT id, snoozed_until FROM conversations WHERE id = $1 AND snoozed_at IS NOT NULL FOR UPDATE)
       UPDATE conversations c SET snoozed_at = NULL, snoozed_until = NULL, updated_at = $2 FROM old WHERE c.id = old.id RETURNING old.snoozed_until`,
      [id, now],
    );
    return rows[0] ? { snoozedUntil: date(rows[0].snoozed_until) } : false;
  }

  /**
   * Wakes up to `limit` threads whose snooze time has come, in the caller's transaction (so the audit
   * rows commit with them); SKIP LOCKED lets two processes share the work without waking one twice.
   */
  async wakeDue(tx: EntityManager, now: Date, limit: number): Promise<{ id: string; snoozedUntil: Date; state: ConversationState; assignee: string | null }[]> {
    const rows = await queryRows<{ id: string; snoozed_until: Date; state: ConversationState; assignee: string | null }>(
      tx,
      `WITH due AS (
         SELECT id, snoozed_until FROM conversations WHERE snoozed_until <= $1 ORDER BY snoozed_until LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE conversations c SET snoozed_at = NULL, snoozed_until = NULL, updated_at = $1 FROM due WHERE c.id = due.id
       RETURNING c.id, due.snoozed_until, c.state, c.assignee`,
      [now, limit],
    );
    return rows.map((r) => ({ id: r.id, snoozedUntil: new Date(r.snoozed_until), state: r.state, assignee: r.assignee }));
  }

  // ---- read marks at Meta ----------------------------------------------------------------------

  /**
   * Claims telling Meta that `wamid` is read: true when it is not the message marked last, in one
   * statement, so two replies (or a reply and an opened thread) at once mark it once.
   */
  async claimReadMark(conversationId: string, wamid: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE conversations SET read_marked_wamid = $2 WHERE id = $1 AND read_marked_wamid IS DISTINCT FROM $2 RETURNING id`,
      [conversationId, wamid],
    );
    return rows.length > 0;
  }

  /** `wamid` was marked read (a typing indicator marks its message read too), whatever was before. */
  async noteReadMark(conversationId: string, wamid: string): Promise<void> {
    await this.dataSource.query(`UPDATE conversations SET read_marked_wamid = $2 WHERE id = $1 AND read_marked_wamid IS DISTINCT FROM $2`, [
      conversationId,
      wamid,
    ]);
  }

  /** Meta did not take the mark: forgotten, so the next reply tries again. */
  async releaseReadMark(conversationId: string, wamid: string): Promise<void> {
    await this.dataSource.query(`UPDATE conversations SET read_marked_wamid = NULL WHERE id = $1 AND read_marked_wamid = $2`, [conversationId, wamid]);
  }

  // ---- attribution ---------------------------------------------------------------------------

  /** What a wamid named by an inbound message is on this number: one of ours, one of hers, or unknown. */
  async resolveWamid(db: Db, phoneNumberId: string, wamid: string): Promise<NamedTarget> {
    const out = await queryRows<{ id: string }>(db, `SELECT id FROM outbound_messages WHERE phone_number_id = $1 AND wamid = $2`, [phoneNumberId, wamid]);
    if (out[0]) return { kind: 'outbound', messageId: out[0].id };
    const inb = await queryRows<{ id: string }>(db, `SELECT id FROM inbound_messages WHERE phone_number_id = $1 AND wamid = $2`, [phoneNumberId, wamid]);
    if (inb[0]) return { kind: 'inbound', inboundId: inb[0].id };
    return { kind: 'unknown' };
  }

  /** Messages sent to these phones from this number, made between `from` and `to`: whose each is, when it was made, whether one is answered. */
  async outboundCandidatesOf(
    tx: EntityManager,
    phoneNumberId: string,
    waIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<(OutboundCandidate & { toWaId: string; createdAt: Date })[]> {
    const rows = await preparedTxRows<{
      id: string;
      to_wa_id: string;
      created_at: Date;
      payload: Record<string, unknown>;
      purpose: string;
      sent_at: Date | null;
      answered: boolean;
    }>(
      tx,
      `SELECT o.id, o.to_wa_id, o.created_at, o.payload, o.purpose, COALESCE(o.accepted_at, o.sent_at, o.sending_started_at) AS sent_at,
              EXISTS (SELECT 1 FROM inbound_attributions a WHERE a.message_id = o.id AND a.reason <> 'reaction') AS answered
         FROM outbound_messages o
        WHERE o.phone_number_id = $1 AND o.to_wa_id = ANY($2::text[]) AND o.wamid IS NOT NULL AND o.state NOT IN ('failed', 'cancelled')
          AND o.created_at > $3 AND o.created_at <= $4`,
      [phoneNumberId, waIds, from, to],
    );
    return rows.map((r) => ({
      id: r.id,
      toWaId: r.to_wa_id,
      createdAt: new Date(r.created_at),
      payload: r.payload,
      purpose: r.purpose,
      sentAt: r.sent_at ? new Date(r.sent_at) : null,
      answered: r.answered,
    }));
  }

  /** Changes an attribution by hand and records the change, in one transaction. */
  async reattribute(
    inboundId: string,
    next: { attribution: Attribution; messageId: string | null; conversationId: string },
    audit: { actor: string; note: string | null },
    now: Date,
  ): Promise<boolean> {
    return this.transaction(async (tx) => {
      const before = await queryRows<Record<string, unknown>>(
        tx,
        `SELECT attribution, reason, message_id, conversation_id FROM inbound_attributions WHERE inbound_message_id = $1 FOR UPDATE`,
        [inboundId],
      );
      if (!before[0]) return false;
      await tx.query(
        `UPDATE inbound_attributions SET attribution = $2, reason = 'manual', message_id = $3, conversation_id = $4, updated_at = $5 WHERE inbound_message_id = $1`,
        [inboundId, next.attribution, next.messageId, next.conversationId, now],
      );
      const after = { attribution: next.attribution, reason: 'manual', message_id: next.messageId, conversation_id: next.conversationId };
      await tx.query(`INSERT INTO inbound_attribution_events (inbound_message_id, before, after, actor, note, at) VALUES ($1,$2::jsonb,$3::jsonb,$4,$5,$6)`, [
        inboundId,
        JSON.stringify(before[0]),
        JSON.stringify(after),
        audit.actor,
        audit.note,
        now,
      ]);
      return true;
    });
  }

  attributionHistory(inboundId: string): Promise<Record<string, unknown>[]> {
    return queryRows(this.dataSource, `SELECT before, after, actor, note, at FROM inbound_attribution_events WHERE inbound_message_id = $1 ORDER BY id`, [
      inboundId,
    ]);
  }

  // ---- reads ---------------------------------------------------------------------------------

  async findInbound(id: string): Promise<InboundView | null> {
    const rows = await queryRows<Record<string, unknown>>(this.dataSource, `${INBOUND_SELECT} WHERE i.id = $1`, [id]);
    return rows[0] ? toInbound(rows[0]) : null;
  }

  async listInbound(f: {
    attribution?: Attribution;
    conversationId?: string;
    limit: number;
    after?: { at: Date; id: string };
    oldestFirst?: boolean;
  }): Promise<InboundView[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.attribution) where.push(`a.attribution = $${params.push(f.attribution)}`);
    if (f.conversationId) where.push(`a.conversation_id = $${params.push(f.conversationId)}`);
    const dir = f.oldestFirst ? 'ASC' : 'DESC';
    if (f.after) where.push(`(i.created_at, i.id) ${f.oldestFirst ? '>' : '<'} ($${params.push(f.after.at)}, $${params.push(f.after.id)}::uuid)`);
    const sql = `${INBOUND_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY i.created_at ${dir}, i.id ${dir} LIMIT $${params.push(f.limit)}`;
    return (await queryRows<Record<string, unknown>>(this.dataSource, sql, params)).map(toInbound);
  }

  async findOutbound(id: string): Promise<{ id: string; phoneNumberId: string; toWaId: string; wamid: string | null; payloadType: string } | null> {
    const rows = await queryRows<{ id: string; phone_number_id: string; to_wa_id: string; wamid: string | null; payload_type: string }>(
      this.dataSource,
      `SELECT id, phone_number_id, to_wa_id, wamid, payload->>'type' AS payload_type FROM outbound_messages WHERE id = $1`,
      [id],
    );
    const r = rows[0];
    return r ? { id: r.id, phoneNumberId: r.phone_number_id, toWaId: r.to_wa_id, wamid: r.wamid, payloadType: r.payload_type } : null;
  }

  async findOutboundByWamid(phoneNumberId: string, wamid: string): Promise<{ id: string; toWaId: string; wamid: string; payloadType: string } | null> {
    const rows = await queryRows<{ id: string; to_wa_id: string; payload_type: string }>(
      this.dataSource,
      `SELECT id, to_wa_id, payload->>'type' AS payload_type FROM outbound_messages WHERE phone_number_id = $1 AND wamid = $2`,
      [phoneNumberId, wamid],
    );
    return rows[0] ? { id: rows[0].id, toWaId: rows[0].to_wa_id, wamid, payloadType: rows[0].payload_type } : null;
  }

  async findInboundByWamid(phoneNumberId: string, wamid: string): Promise<InboundView | null> {
    const rows = await queryRows<Record<string, unknown>>(this.dataSource, `${INBOUND_SELECT} WHERE i.phone_number_id = $1 AND i.wamid = $2`, [
      phoneNumberId,
      wamid,
    ]);
    return rows[0] ? toInbound(rows[0]) : null;
  }
}

function date(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}

function filterSql(f: ConversationFilter, params: unknown[]): string[] {
  const where: string[] = [];
  if (f.state) where.push(`c.state = $${params.push(f.state)}`);
  if (f.assignee) where.push(`c.assignee = $${params.push(f.assignee)}`);
  if (f.unassigned) where.push(`c.assignee IS NULL`);
  if (f.windowOpenAt) where.push(`c.window_open_until > $${params.push(f.windowOpenAt)}`);
  if (f.label !== undefined) where.push(`c.labels @> ARRAY[$${params.push(f.label)}::text]`);
  if (f.snoozed === 'hide') where.push(`c.snoozed_at IS NULL`);
  if (f.snoozed === 'only') where.push(`c.snoozed_at IS NOT NULL`);
  if (f.q) {
    const digits = f.q.replace(/\D/g, '');
    const name = `k.name ILIKE $${params.push(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    where.push(digits.length >= 3 ? `(${name} OR k.wa_id LIKE $${params.push(`%${digits}%`)})` : name);
  }
  return where;
}

function toConversation(r: Record<string, unknown>): ConversationView {
  return {
    assigneeName: (r.assignee_name as string | null) ?? null,
    id: r.id as string,
    phoneNumberId: r.phone_number_id as string,
    contactId: r.contact_id as string,
    state: r.state as ConversationState,
    assignee: (r.assignee as string | null) ?? null,
    unreadCount: Number(r.unread_count),
    lastActivityAt: new Date(r.last_activity_at as string),
    lastInboundAt: date(r.last_inbound_at),
    windowOpenUntil: date(r.window_open_until),
    readMarkedWamid: (r.read_marked_wamid as string | null) ?? null,
    labels: (r.labels as string[] | null) ?? [],
    snoozedAt: date(r.snoozed_at),
    snoozedUntil: date(r.snoozed_until),
    openedAt: new Date(r.opened_at as string),
    assignedAt: date(r.assigned_at),
    needsAssigneeSince: date(r.needs_assignee_since),
    waitingSince: date(r.waiting_since),
    waitingFor: (r.waiting_for as Conversation['waitingFor']) ?? null,
    responseDueAt: date(r.response_due_at),
    slaBreachedAt: date(r.sla_breached_at),
    lastReplyAt: date(r.last_reply_at),
    outOfOfficeDue: (r.out_of_office_due as string | null) ?? null,
    team: r.team_id ? { id: r.team_id as string, name: r.team_name as string } : null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    contact: {
      id: r.contact_id as string,
      phoneNumberId: r.phone_number_id as string,
      contactKey: r.contact_key as string,
      waId: (r.wa_id as string | null) ?? null,
      userId: (r.user_id as string | null) ?? null,
      name: (r.name as string | null) ?? null,
      timeZone: (r.time_zone as string | null) ?? null,
      marketingOptOutAt: date(r.marketing_opt_out_at),
      marketingOptOutSource: (r.marketing_opt_out_source as string | null) ?? null,
      createdAt: new Date(r.contact_created_at as string),
      updatedAt: new Date(r.contact_updated_at as string),
    },
  };
}
