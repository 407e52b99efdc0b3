// The yardstick of bench/event-processing.bench.mjs: stored webhook deliveries → applied effects
// with plain `pg`, prepared statements and set-based SQL, no framework, no queue server. A child
// process (its CPU is measured on its own) started with DATABASE_URL and YARDSTICK_LANES; it drains
// `webhook_deliveries` until told to stop.
//
// The same guarantees as Sendbook, so the comparison is honest: one transaction per delivery takes
// the delivery (its row lock is the lease: a dead process's transaction aborts and frees it), claims
// every event key (a lock per key, then one INSERT of the keys no partition holds), applies only the claimed
// events' effects and marks the delivery processed, all committed together. The effects are the
// app's: statuses merged by rank (libs/whatsapp mergeStatus, the row locked, the UPDATE guarded by
// the state read under the lock), every status kept in message_status_events and every transition
// audited in outbound_message_events; every inbound message stored once with its contact, its
// conversation (reopened, window moved) and its attribution (libs/queue decideAttribution). The
// event keys come from the app's own parser (libs/whatsapp parseWebhook).
//
// Left out, as in the outbound core yardstick: live events, metrics, logs, parked-status counters,
// the `field`/`error` events, user-id identities, replies by context, `system` messages (the bench
// sends none of these), media, the lease renewal.
import pg from 'pg';
import { awaitingAnswer, contactKey, decideAttribution, expectsReply } from '@sendbook/queue';
import { CUSTOMER_SERVICE_WINDOW_MS, isMessageState, mergeStatus, parseWebhook } from '@sendbook/whatsapp';

const AWAITING_ANSWER_MS = 86_400_000;
const TIMESTAMP_COLUMN = { sent: 'sent_at', delivered: 'delivered_at', read: 'read_at', played: 'played_at', failed: 'failed_at' };

const SQL = {
  take: `UPDATE webhook_deliveries SET attempts = attempts + 1
          WHERE id = (SELECT id FROM webhook_deliveries WHERE state = 'received' ORDER BY received_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, body, received_at`,
  // Claims are partitioned by day: a lock per key, then the keys no partition holds (as Sendbook claims).
  lockKeys: `SELECT count(pg_advisory_xact_lock(1, h)) FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($1::text[]) AS k ORDER BY 1) AS l`,
  claim: `INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at)
          SELECT k, f, $3, 'done', $4 FROM unnest($1::text[], $2::text[]) AS u(k, f)
           WHERE NOT EXISTS (SELECT 1 FROM webhook_event_claims o WHERE o.key = u.k)
          ON CONFLICT DO NOTHING RETURNING key`,
  lockTargets: `SELECT id, state, wamid, phone_number_id, sent_at, delivered_at, read_at, played_at, failed_at FROM outbound_messages
                 WHERE wamid = ANY($1::text[]) ORDER BY id FOR UPDATE`,
  updateTargets: `UPDATE outbound_messages m SET state = u.state, sent_at = u.sent_at, delivered_at = u.delivered_at, read_at = u.read_at,
                    played_at = u.played_at, failed_at = u.failed_at, wamid = COALESCE(m.wamid, u.wamid), updated_at = $9
                   FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[], $10::text[])
                     AS u(id, expected, state, sent_at, delivered_at, read_at, played_at, failed_at, wamid)
                  WHERE m.id = u.id AND m.state = u.expected`,
  audit: `INSERT INTO outbound_message_events (message_id, from_state, to_state, actor, reason, details, at)
          SELECT m, f, t, 'webhook', 'status ' || t || ' from webhook', d, $5 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[]) AS u(m, f, t, d)`,
  history: `INSERT INTO message_status_events (event_key, delivery_id, message_id, phone_number_id, wamid, status, occurred_at, received_at, recipient_id, raw, match_state, merge_result, matched_at)
            SELECT k, $9, m, p, w, s, o, $10, r, raw, ms, mr, CASE WHEN m IS NULL THEN NULL ELSE $11::timestamptz END
              FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::jsonb[], $12::text[], $13::text[])
                AS u(k, m, p, w, s, o, r, raw, ms, mr)
            ON CONFLICT DO NOTHING`,
  inbound: `INSERT INTO inbound_messages (phone_number_id, wamid, from_wa_id, contact_name, contact, type, text, "timestamp", raw, delivery_id, created_at)
            SELECT * , $10::uuid, $11::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::text[], $8::timestamptz[], $9::jsonb[])
            ON CONFLICT (phone_number_id, wamid) DO NOTHING RETURNING id, wamid`,
  contacts: `INSERT INTO contacts (phone_number_id, contact_key, wa_id, name, created_at, updated_at)
             SELECT $1, k, w, n, $5, $5 FROM unnest($2::text[], $3::text[], $4::text[]) AS u(k, w, n)
             ON CONFLICT (phone_number_id, contact_key) DO UPDATE SET name = COALESCE(EXCLUDED.name, contacts.name), updated_at = EXCLUDED.updated_at
             RETURNING id, contact_key`,
  conversations: `INSERT INTO conversations (phone_number_id, contact_id, state, unread_count, last_activity_at, last_inbound_at, window_open_until, created_at, updated_at)
                  SELECT $1, c, 'open', n, a, a, a + make_interval(secs => $5::double precision / 1000), $6, $6 FROM unnest($2::uuid[], $3::int[], $4::timestamptz[]) AS u(c, n, a)
                  ON CONFLICT (phone_number_id, contact_id) DO UPDATE SET state = 'open', unread_count = conversations.unread_count + EXCLUDED.unread_count,
                    last_activity_at = GREATEST(conversations.last_activity_at, EXCLUDED.last_activity_at),
                    last_inbound_at = GREATEST(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
                    window_open_until = GREATEST(conversations.window_open_until, EXCLUDED.window_open_until), updated_at = EXCLUDED.updated_at
                  RETURNING id, contact_id`,
  candidates: `SELECT o.id, o.to_wa_id, o.payload, o.purpose, COALESCE(o.accepted_at, o.sent_at, o.sending_started_at) AS sent_at,
                      EXISTS (SELECT 1 FROM inbound_attributions a WHERE a.message_id = o.id AND a.reason <> 'reaction') AS answered
                 FROM outbound_messages o
                WHERE o.phone_number_id = $1 AND o.to_wa_id = ANY($2::text[]) AND o.wamid IS NOT NULL AND o.state NOT IN ('failed', 'cancelled')
                  AND o.created_at > $3 AND o.created_at <= $4`,
  attributions: `INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, message_id, named_wamid, created_at, updated_at)
                 SELECT i, c, k, a, r, m, NULL, $7, $7 FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::uuid[]) AS u(i, c, k, a, r, m)
                 ON CONFLICT (inbound_message_id) DO NOTHING`,
  done: `UPDATE webhook_deliveries SET state = 'processed', processed_at = $2, events_total = $3, events_applied = $4, events_duplicate = $5 WHERE id = $1`,
};

const named = Object.fromEntries(Object.entries(SQL).map(([name, text]) => [name, (values) => ({ name: `yardstick_${name}`, text, values })]));

/** One delivery, one transaction. Returns false when there was none left to take. */
async function processNext(client) {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query(named.take([]));
    const delivery = rows[0];
    if (!delivery) {
      await client.query('COMMIT');
      return false;
    }
    const now = new Date();
    const parsed = parseWebhook(delivery.body);
    if (!parsed.ok) throw new Error(`unparseable delivery ${delivery.id}`);
    const firsts = new Map();
    for (const e of parsed.events) if (!firsts.has(e.key)) firsts.set(e.key, e);
    // Sorted: two deliveries claiming the same keys wait for each other in one order, never deadlock.
    const keys = [...firsts.keys()].sort();
    await client.query(named.lockKeys([keys]));
    const claimed = new Set((await client.query(named.claim([keys, keys.map((k) => firsts.get(k).field), delivery.id, now]))).rows.map((r) => r.key));
    const events = keys.filter((k) => claimed.has(k)).map((k) => firsts.get(k));
    const statuses = events.filter((e) => e.kind === 'status');
    const messages = events.filter((e) => e.kind === 'message');
    if (statuses.length > 0) await applyStatuses(client, statuses, delivery, now);
    if (messages.length > 0) await storeInbound(client, messages, delivery, now);
    await client.query(named.done([delivery.id, now, parsed.events.length, events.length, parsed.events.length - events.length]));
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function applyStatuses(client, statuses, delivery, now) {
  const locked = (await client.query(named.lockTargets([[...new Set(statuses.map((e) => e.status.id))]]))).rows;
  const byWamid = new Map(locked.map((r) => [`${r.phone_number_id}|${r.wamid}`, { ...r, expected: r.state }]));
  const audit = [];
  const history = [];
  for (const e of statuses) {
    const s = e.status;
    const row = byWamid.get(`${e.phoneNumberId}|${s.id}`) ?? null;
    const at = s.timestamp === null ? delivery.received_at : new Date(s.timestamp * 1000);
    let mergeResult = null;
    if (row) {
      const merge = isMessageState(row.state) ? mergeStatus(row.state, s.status) : { apply: false, reason: 'not_on_ladder' };
      const column = TIMESTAMP_COLUMN[s.status];
      if (column && row[column] === null) {
        row[column] = at;
        row.changed = true;
      }
      if (merge.apply && column) {
        audit.push([row.id, row.state, s.status, JSON.stringify({ wamid: s.id, event_key: e.key, meta_timestamp: at.toISOString() })]);
        row.state = s.status;
        row.changed = true;
        mergeResult = merge.reason;
      } else {
        mergeResult = merge.apply ? 'stale' : merge.reason;
      }
    }
    history.push([
      e.key,
      row?.id ?? null,
      e.phoneNumberId ?? '',
      s.id,
      s.status,
      s.timestamp === null ? null : at,
      s.recipientId,
      JSON.stringify(s.raw),
      row ? 'matched' : 'parked',
      mergeResult,
    ]);
  }
  const changed = [...byWamid.values()].filter((r) => r.changed);
  if (changed.length > 0) {
    const col = (name) => changed.map((r) => r[name]);
    const result = await client.query(
      named.updateTargets([
        col('id'),
        col('expected'),
        col('state'),
        col('sent_at'),
        col('delivered_at'),
        col('read_at'),
        col('played_at'),
        col('failed_at'),
        now,
        col('wamid'),
      ]),
    );
    if (result.rowCount !== changed.length) throw new Error('an outbound row changed under its lock');
  }
  if (audit.length > 0) await client.query(named.audit([...columns(audit, 4), now]));
  const h = columns(history, 10);
  await client.query(named.history([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], delivery.id, delivery.received_at, now, h[8], h[9]]));
}

async function storeInbound(client, messages, delivery, now) {
  const phoneNumberId = messages[0].phoneNumberId ?? '';
  const rows = messages.map((e) => {
    const m = e.message;
    return [
      phoneNumberId,
      m.id,
      m.from ?? e.contact?.waId ?? null,
      e.contact?.name ?? null,
      e.contact?.raw ? JSON.stringify(e.contact.raw) : null,
      m.type,
      m.text,
      m.timestamp === null ? null : new Date(m.timestamp * 1000),
      JSON.stringify(m.raw),
    ];
  });
  const stored = (await client.query(named.inbound([...columns(rows, 9), delivery.id, now]))).rows;
  const idOf = new Map(stored.map((r) => [r.wamid, r.id]));
  const fresh = rows.filter((r) => idOf.has(r[1]));
  if (fresh.length === 0) return;
  const contacts = new Map();
  for (const r of fresh) contacts.set(contactKey({ waId: r[2], userId: null }) ?? `unknown:${r[1]}`, [r[2], r[3]]);
  // In key order, as the claims: concurrent deliveries of one customer lock her contact in one order.
  const contactRows = [...contacts].map(([key, [waId, name]]) => [key, waId, name]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const contactIds = new Map((await client.query(named.contacts([phoneNumberId, ...columns(contactRows, 3), now]))).rows.map((r) => [r.contact_key, r.id]));
  const perContact = new Map();
  for (const r of fresh) {
    const id = contactIds.get(contactKey({ waId: r[2], userId: null }) ?? `unknown:${r[1]}`);
    const at = r[7] ?? now;
    const c = perContact.get(id) ?? { n: 0, at };
    perContact.set(id, { n: c.n + 1, at: at > c.at ? at : c.at });
  }
  const convRows = [...perContact].map(([id, c]) => [id, c.n, c.at]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const conversationOf = new Map(
    (await client.query(named.conversations([phoneNumberId, ...columns(convRows, 3), CUSTOMER_SERVICE_WINDOW_MS, now]))).rows.map((r) => [r.contact_id, r.id]),
  );
  const times = fresh.map((r) => (r[7] ?? now).getTime());
  const candidates = (
    await client.query(
      named.candidates([
        phoneNumberId,
        [...new Set(fresh.map((r) => r[2]))],
        new Date(Math.min(...times) - AWAITING_ANSWER_MS - 3_600_000),
        new Date(Math.max(...times) + 60_000),
      ]),
    )
  ).rows;
  const attributions = fresh.map((r) => {
    const at = r[7] ?? now;
    const mine = candidates.filter((c) => c.to_wa_id === r[2]);
    const awaiting = awaitingAnswer(
      mine.map((c) => ({ id: c.id, sentAt: c.sent_at, answered: c.answered, expectsReply: expectsReply(c.payload, c.purpose, []) })),
      at,
      AWAITING_ANSWER_MS,
    );
    const decision = decideAttribution({ type: r[5], namedWamid: null, target: null, forwarded: false, awaiting });
    for (const c of mine) if (c.id === decision.messageId) c.answered = true;
    const contactId = contactIds.get(contactKey({ waId: r[2], userId: null }) ?? `unknown:${r[1]}`);
    return [idOf.get(r[1]), conversationOf.get(contactId), contactId, decision.attribution, decision.reason, decision.messageId];
  });
  await client.query(named.attributions([...columns(attributions, 6), now]));
}

/** Rows of tuples → one array per column (the unnest parameters). */
function columns(rows, width) {
  return Array.from({ length: width }, (_, i) => rows.map((r) => r[i]));
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.YARDSTICK_LANES ?? 8) });
const state = { stopping: false };
async function lane() {
  const client = await pool.connect();
  try {
    while (!state.stopping) {
      if (!(await processNext(client))) await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    client.release();
  }
}
const lanes = Array.from({ length: Number(process.env.YARDSTICK_LANES ?? 8) }, () =>
  lane().catch((error) => {
    process.stderr.write(`yardstick lane failed: ${error.stack}\n`);
    process.exit(1);
  }),
);
process.once('SIGTERM', () => {
  state.stopping = true;
  Promise.all(lanes).finally(() => pool.end().finally(() => process.exit(0)));
});
process.send({ type: 'ready' });
