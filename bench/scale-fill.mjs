// The scale bench's filled database: months of history as a busy installation keeps it. Outbound
// messages in their final states to many recipients, three status events each (sent, delivered,
// read), the stored webhook bodies and their event keys, and the inbox's side: contacts, a thread
// each, customers' messages with text. Each message's fields are functions of its number `g`, so
// its status events, body and event key name it without a join.
//
// One client, one INSERT … SELECT per chunk. Plain tables lose their secondary indexes while rows
// go in and get them back after, as a restore would (the partitioned ones too, but for their
// primary keys); the partitioned tables get a partition per day first (never the default
// partition), and each chunk lands in a day or two of them.
import pg from 'pg';
import { SECRETS } from './bench-infra.mjs';

const CHUNK = 500_000;
const DAY_MS = 86_400_000;
const PARTITIONED = ['message_status_events', 'webhook_deliveries', 'webhook_event_claims'];
/** Tables filled here: their non-constraint indexes are dropped during the fill and rebuilt after. */
const REBUILT = [
  ...PARTITIONED,
  'outbound_messages',
  'outbound_search_terms',
  'outbound_search_wamids',
  'contacts',
  'conversations',
  'inbound_messages',
  'inbound_attributions',
];

// Message g: its time ($1 the first one's, $2 the span, $3 how many), recipient ($4 contacts), id, wamid.
const AT = `($1::timestamptz + (g::bigint * $2::interval) / $3::int)`;
const WA_ID = `('97254' || lpad(((hashint4(g) & 2147483647) % $4::int)::text, 7, '0'))`;
const MESSAGE_ID = `md5('m' || g)::uuid`;
const WAMID = `('wamid.HBgM' || ${WA_ID} || 'FQIAERgS' || upper(md5('out' || g)))`;
const STATUSES = `(VALUES (1, 'sent', interval '2 seconds'), (2, 'delivered', interval '9 seconds'), (3, 'read', interval '25 minutes')) AS st(k, status, after)`;

const WORDS = (
  'the to you and is it my i a for on of your in we can be have this please thanks hi hello when what will not yes no ok today ' +
  'tomorrow delivery time address change help need want where still got package box item size color price paid payment card ' +
  'invoice receipt number phone call back morning evening week monday friday store shop online app link code olá obrigado pedido ' +
  'entrega hola gracias envío bonjour merci commande שלום תודה מתי משלוח'
).split(' ');
const NAMES = ['Dana', 'Yossi', 'Maria', 'João', 'Ana', 'Omar', 'Fatima', 'Li', 'Wei', 'Priya', 'Ravi', 'Sara', 'David', 'Noa', 'Ahmed', 'Lucas'];
const SURNAMES = ['Levi', 'Cohen', 'Silva', 'Santos', 'Haddad', 'Wang', 'Patel', 'Garcia', 'Mizrahi', 'Costa', 'Khan', 'Rossi'];
/** The word the search finds: in one customer message of 500. */
export const PLANTED_WORD = 'refund';

/**
 * Fills `databaseUrl`. `sizes`: messages, statusEvents, bodies, contacts, inbound, days (the span
 * the history covers, ending now). Says each table's fill time on `log`; returns them, in seconds.
 */
export async function fill(databaseUrl, sizes, log) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // A lost fill is simply run again: no wait for the WAL flush at each chunk's commit.
    await db.query(`SET synchronous_commit = off`);
    await db.query(`SET maintenance_work_mem = '1GB'`);
    // No per-row foreign key checks or triggers while rows go in (the data is consistent by
    // construction); what the outbound trigger writes is written after, in one pass.
    await db.query(`SET session_replication_role = replica`);
    const start = new Date(Date.now() - sizes.days * DAY_MS);
    const span = `${sizes.days} days`;
    const seconds = {};
    const timed = async (name, work) => {
      const t0 = performance.now();
      const rows = await work();
      seconds[name] = (performance.now() - t0) / 1000;
      log(`  ${name}: ${rows === undefined ? '' : `${rows.toLocaleString('en-US')} rows, `}${seconds[name].toFixed(1)} s`);
    };
    await timed('day partitions', () => dayPartitions(db, start));
    const indexes = await dropIndexes(db);
    await timed('outbound_messages', () => chunks(sizes.messages, (from, to) => outbound(db, { from, to, start, span, sizes })));
    await timed('message_status_events', () =>
      chunks(Math.min(sizes.messages, Math.ceil(sizes.statusEvents / 3)), (from, to) => statusEvents(db, { from, to, start, span, sizes }), 3),
    );
    await timed('webhook_deliveries', () => chunks(Math.min(sizes.bodies, sizes.messages), (from, to) => bodies(db, { from, to, start, span, sizes })));
    await timed('webhook_event_claims', () => chunks(Math.min(sizes.bodies, sizes.messages), (from, to) => claims(db, { from, to, start, span, sizes })));
    await timed('outbound search side tables', () => searchSideTables(db));
    await timed('contacts and conversations', () => contacts(db, sizes.contacts));
    await timed('inbound_messages', () => chunks(sizes.inbound, (from, to) => inbound(db, { from, to, sizes })));
    await timed('conversations: last activity', () => lastActivity(db));
    await db.query(`RESET session_replication_role`);
    await timed('indexes rebuilt', () => rebuild(db, indexes, log));
    await timed('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE').then(() => undefined));
    const [{ stray }] = (
      await db.query(`SELECT (SELECT count(*) FROM message_status_events_default) + (SELECT count(*) FROM webhook_deliveries_default)
                             + (SELECT count(*) FROM webhook_event_claims_default) AS stray`)
    ).rows;
    if (Number(stray) > 0) throw new Error(`${stray} rows landed in a default partition`);
    const invalid = (await db.query(`SELECT indexrelid::regclass::text AS name FROM pg_index WHERE NOT indisvalid`)).rows;
    if (invalid.length > 0) throw new Error(`indexes not rebuilt whole: ${invalid.map((r) => r.name).join(', ')}`);
    const [{ size }] = (await db.query(`SELECT pg_database_size(current_database()) AS size`)).rows;
    return { seconds, bytes: Number(size) };
  } finally {
    await db.end();
  }
}

/** Runs `work(from, to)` over 1..total in chunks of CHUNK / `perRow`; the rows it wrote. */
async function chunks(total, work, perRow = 1) {
  const size = Math.floor(CHUNK / perRow);
  let rows = 0;
  for (let from = 1; from <= total; from += size) rows += (await work(from, Math.min(total, from + size - 1))).rowCount;
  return rows;
}

/** A partition per UTC day from the history's first through the first the migrations made (named as TimePartitions names them). */
async function dayPartitions(db, start) {
  for (let day = Math.floor(start.getTime() / DAY_MS) * DAY_MS; day <= Date.now() + DAY_MS; day += DAY_MS) {
    const from = new Date(day).toISOString();
    const to = new Date(day + DAY_MS).toISOString();
    for (const parent of PARTITIONED)
      await db.query(
        `CREATE TABLE IF NOT EXISTS "${parent}_p${from.slice(0, 10).replaceAll('-', '')}" PARTITION OF "${parent}" FOR VALUES FROM ('${from}') TO ('${to}')`,
      );
  }
}

async function dropIndexes(db) {
  const { rows } = await db.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [REBUILT],
  );
  for (const { name } of rows) await db.query(`DROP INDEX ${name}`);
  return rows;
}

async function rebuild(db, indexes, log) {
  for (const { name, definition } of indexes) {
    const t0 = performance.now();
    // A partitioned table's index is defined `ON ONLY` the parent: built without ONLY, it is built on every partition.
    await db.query(definition.replace(' ON ONLY ', ' ON '));
    const sec = (performance.now() - t0) / 1000;
    if (sec >= 1) log(`    ${name}: ${sec.toFixed(1)} s`);
  }
}

/** outbound_search_terms and outbound_search_wamids as the insert trigger writes them (1796240100000-search.up.sql). */
async function searchSideTables(db) {
  const terms = await db.query(
    `INSERT INTO outbound_search_terms (message_id, phone_number_id, to_wa_id, created_at, words, ids)
     SELECT m.id, m.phone_number_id, m.to_wa_id, m.created_at, search_outbound_document(m.payload), m.dedupe_key || E'\\n' || coalesce(m.trigger_ref, '')
       FROM outbound_messages m`,
  );
  const wamids = await db.query(
    `INSERT INTO outbound_search_wamids (message_id, phone_number_id, to_wa_id, created_at, wamid)
     SELECT m.id, m.phone_number_id, m.to_wa_id, m.created_at, m.wamid FROM outbound_messages m WHERE m.wamid IS NOT NULL`,
  );
  return terms.rowCount + wamids.rowCount;
}

/** Ours, delivered or read (some only sent), each retained 90 days after it was made; a third the order_shipped template. */
function outbound(db, { from, to, start, span, sizes }) {
  return db.query(
    `INSERT INTO outbound_messages (id, dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, priority, phone_number_id, state, attempts, wamid,
                                    not_before, created_at, updated_at, sending_started_at, accepted_at, sent_at, delivered_at, read_at, retain_until)
     SELECT ${MESSAGE_ID}, 'order-' || g || ':shipped', '+' || wa, wa, 'order_shipped', 'orders/' || g,
            CASE WHEN g % 3 = 0
                 THEN jsonb_build_object('type', 'template', 'template', jsonb_build_object('name', 'order_shipped', 'language', jsonb_build_object('code', 'en'),
                        'components', jsonb_build_array(jsonb_build_object('type', 'body', 'parameters', jsonb_build_array(
                           jsonb_build_object('type', 'text', 'text', 'Dana'), jsonb_build_object('type', 'text', 'text', g::text))))))
                 ELSE jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'Your order ' || g || ' has shipped and arrives on Friday', 'preview_url', false)) END,
            md5('h' || g), 0, $5, CASE WHEN g % 10 < 6 THEN 'read' WHEN g % 10 < 9 THEN 'delivered' ELSE 'sent' END, 1, ${WAMID},
            at, at, at + interval '25 minutes', at, at, at + interval '1 second', CASE WHEN g % 10 < 9 THEN at + interval '9 seconds' END,
            CASE WHEN g % 10 < 6 THEN at + interval '25 minutes' END, at + interval '90 days'
       FROM (SELECT g, ${AT} AS at, ${WA_ID} AS wa FROM generate_series($6::int, $7::int) g OFFSET 0) s`,
    [start, span, sizes.messages, sizes.contacts, SECRETS.phoneNumberId, from, to],
  );
}

/** Each message's sent, delivered and read, matched to it; received a second after Meta stamped them. */
function statusEvents(db, { from, to, start, span, sizes }) {
  return db.query(
    `INSERT INTO message_status_events (event_key, delivery_id, message_id, phone_number_id, wamid, status, occurred_at, received_at, recipient_id,
                                        conversation, pricing, raw, match_state, merge_result, matched_at)
     SELECT 'st:' || $5 || ':' || wamid || ':' || status, md5('d' || g || ':' || k)::uuid, ${MESSAGE_ID}, $5, wamid, status, at + after,
            at + after + interval '1 second', wa,
            jsonb_build_object('id', md5('conv' || (g / 7)), 'origin', jsonb_build_object('type', 'utility')),
            jsonb_build_object('billable', true, 'pricing_model', 'PMP', 'category', 'utility', 'type', 'regular'),
            jsonb_build_object('id', wamid, 'status', status, 'timestamp', extract(epoch FROM at + after)::bigint::text, 'recipient_id', wa),
            'matched', 'applied', at + after + interval '1 second'
       FROM (SELECT g, ${AT} AS at, ${WA_ID} AS wa, ${WAMID} AS wamid FROM generate_series($6::int, $7::int) g OFFSET 0) s CROSS JOIN ${STATUSES}`,
    [start, span, sizes.messages, sizes.contacts, SECRETS.phoneNumberId, from, to],
  );
}

/** The signed POST that carried one of message g's statuses, as stored (about 1 KB), processed. */
function bodies(db, { from, to, start, span, sizes }) {
  return db.query(
    `INSERT INTO webhook_deliveries (id, received_at, headers, body, state, attempts, processed_at, events_total, events_applied, events_duplicate)
     SELECT md5('d' || g || ':' || k)::uuid, at + after + interval '1 second',
            jsonb_build_object('content-type', 'application/json', 'user-agent', 'facebookexternalua', 'x-hub-signature-256', 'sha256=' || encode(sha256(('s' || g)::bytea), 'hex')),
            convert_to(format('{"object":"whatsapp_business_account","entry":[{"id":"%s","changes":[{"value":{"messaging_product":"whatsapp","metadata":{"display_phone_number":"15550783881","phone_number_id":"%s"},"statuses":[{"id":"%s","status":"%s","timestamp":"%s","recipient_id":"%s","conversation":{"id":"%s","expiration_timestamp":"%s","origin":{"type":"utility"}},"pricing":{"billable":true,"pricing_model":"PMP","category":"utility","type":"regular"},"biz_opaque_callback_data":"%s"}]},"field":"messages"}]}]}',
              $8::text, $5::text, wamid, status, extract(epoch FROM at + after)::bigint, wa, md5('conv' || (g / 7)), extract(epoch FROM at)::bigint + 86400,
              encode(sha512(('cb' || g)::bytea), 'hex') || encode(sha512(('cc' || g)::bytea), 'hex')), 'UTF8'),
            'processed', 1, at + after + interval '2 seconds', 1, 1, 0
       FROM (SELECT g, ${AT} AS at, ${WA_ID} AS wa, ${WAMID} AS wamid FROM generate_series($6::int, $7::int) g OFFSET 0) s
       JOIN ${STATUSES} ON st.k = 1 + g % 3`,
    [start, span, sizes.messages, sizes.contacts, SECRETS.phoneNumberId, from, to, SECRETS.businessAccountId],
  );
}

/** The event key each stored body's status was applied under, kept for deduplication. */
function claims(db, { from, to, start, span, sizes }) {
  return db.query(
    `INSERT INTO webhook_event_claims (key, field, delivery_id, state, claimed_at)
     SELECT 'st:' || $5 || ':' || wamid || ':' || status, 'messages', md5('d' || g || ':' || k)::uuid, 'done', at + after + interval '2 seconds'
       FROM (SELECT g, ${AT} AS at, ${WAMID} AS wamid FROM generate_series($6::int, $7::int) g OFFSET 0) s
       JOIN ${STATUSES} ON st.k = 1 + g % 3`,
    [start, span, sizes.messages, sizes.contacts, SECRETS.phoneNumberId, from, to],
  );
}

/**
 * The recipients as contacts, a thread each: most closed, a tenth open (some unread, some
 * labelled, a few snoozed, some waiting for an answer). Times are set from the messages after.
 */
async function contacts(db, count) {
  const made = await db.query(
    `INSERT INTO contacts (id, phone_number_id, contact_key, wa_id, name, created_at, updated_at)
     SELECT md5('k' || c)::uuid, $1, wa, wa, ($3::text[])[1 + c % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (c * 7) % cardinality($4::text[])],
            now() - interval '400 days', now() - interval '400 days'
       FROM (SELECT c, '97254' || lpad(c::text, 7, '0') AS wa FROM generate_series(0, $2::int - 1) c) s`,
    [SECRETS.phoneNumberId, count, NAMES, SURNAMES],
  );
  await db.query(
    `INSERT INTO conversations (id, phone_number_id, contact_id, state, unread_count, last_activity_at, created_at, updated_at, opened_at, labels,
                                snoozed_at, snoozed_until, waiting_since, waiting_for)
     SELECT md5('c' || c)::uuid, $1, md5('k' || c)::uuid, CASE WHEN c % 10 = 0 THEN 'open' ELSE 'closed' END,
            CASE WHEN c % 30 = 0 THEN 1 + c % 4 ELSE 0 END, now() - interval '400 days', now() - interval '400 days', now() - interval '400 days',
            now() - interval '400 days', CASE WHEN c % 7 = 0 THEN ARRAY['vip'] WHEN c % 11 = 0 THEN ARRAY['returns'] ELSE '{}' END,
            CASE WHEN c % 500 = 0 THEN now() - interval '1 hour' END, CASE WHEN c % 500 = 0 THEN now() + interval '1 day' END,
            CASE WHEN c % 20 = 0 THEN now() - interval '1 hour' END, CASE WHEN c % 20 = 0 THEN 'first_response' END
       FROM generate_series(0, $2::int - 1) c`,
    [SECRETS.phoneNumberId, count],
  );
  return made.rowCount * 2;
}

/** Customers' messages: 4 to 11 everyday words, spread over a year and over the threads at random. */
function inbound(db, { from, to, sizes }) {
  return db.query(
    `WITH src AS MATERIALIZED (
       SELECT g, md5('i' || g)::uuid AS id, c, '97254' || lpad(c::text, 7, '0') AS wa, now() - interval '365 days' + (g::bigint * interval '365 days') / $3::int AS at
         FROM (SELECT g, (hashint4(g + 7) & 2147483647) % $2::int AS c FROM generate_series($4::int, $5::int) g) s),
     ins AS (
       INSERT INTO inbound_messages (id, phone_number_id, wamid, from_wa_id, contact_name, type, text, "timestamp", raw, delivery_id, created_at)
       SELECT id, $6, 'wamid.HBgM' || wa || 'FQIAEhgU' || upper(md5('in' || g)), wa, 'Customer', 'text',
              array_to_string(ARRAY(SELECT ($1::text[])[1 + floor(power(random(), 2.2) * cardinality($1::text[]))::int] FROM generate_series(1, 4 + (g % 8))), ' ')
                || CASE WHEN g % 500 = 0 THEN ' ${PLANTED_WORD}' ELSE '' END,
              at, '{"type":"text"}'::jsonb, md5('di' || g)::uuid, at FROM src)
     INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, created_at, updated_at)
     SELECT id, md5('c' || c)::uuid, md5('k' || c)::uuid, 'conversation', 'none_awaiting', at, at FROM src`,
    [WORDS, sizes.contacts, sizes.inbound, from, to, SECRETS.phoneNumberId],
  );
}

/** Threads end where their customers' messages do (the list's order); the window is a day from the last. */
async function lastActivity(db) {
  const { rowCount } = await db.query(
    `UPDATE conversations c SET last_activity_at = m.at, last_inbound_at = m.at, window_open_until = m.at + interval '24 hours', updated_at = m.at,
            opened_at = m.first
       FROM (SELECT conversation_id, max(created_at) AS at, min(created_at) AS first FROM inbound_attributions GROUP BY 1) m WHERE m.conversation_id = c.id`,
  );
  return rowCount;
}
