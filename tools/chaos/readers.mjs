// Small readers that turn the simulator's records, the database and the work queues into the
// plain facts invariants.mjs judges.
import { createHash } from 'node:crypto';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/**
 * Every send Meta accepted (including those it then failed), with the last status it will have
 * sent for it: `failed` for a platform failure, `sent` for a reaction, else `read` unless the
 * customer keeps read receipts off or the simulator emits no `read`.
 */
export function readLedger(sim) {
  const delays = sim.config().statusDelaysMs;
  const receipts = new Map(sim.customers().map((c) => [c.waId, c.readReceipts]));
  return sim.acceptedMessages().map((m) => ({
    wamid: m.wamid,
    phoneNumberId: m.phoneNumberId,
    to: m.to,
    acceptedAt: m.acceptedAt,
    callbackData: m.bizOpaqueCallbackData,
    windowOpen: m.windowOpen,
    failedWith: m.failedWith,
    responseLost: m.responseLost,
    expectedFinal:
      m.failedWith !== null
        ? 'failed'
        : m.type === 'reaction'
          ? 'sent'
          : delays.read !== null && (receipts.get(m.to) ?? true)
            ? 'read'
            : delays.delivered !== null
              ? 'delivered'
              : 'sent',
  }));
}

/** Webhook POSTs the app answered 200 (at least once), with their body's hash and events. */
export function readAckedWebhooks(sim) {
  return sim
    .webhookDeliveries()
    .filter((d) => d.attempts.some((a) => a.statusCode === 200))
    .map((d) => ({
      id: d.id,
      bodyHash: sha256(d.body),
      events: d.events.map((e) => ({ kind: e.kind, wamid: e.wamid, status: e.status, phoneNumberId: e.phoneNumberId })),
    }));
}

export function readInboundSent(sim) {
  return sim.inboundMessages().map((m) => ({ wamid: m.wamid, phoneNumberId: m.phoneNumberId, from: m.from }));
}

export async function readDatabase(db) {
  const rows = (await db.query(`SELECT id, dedupe_key, to_wa_id, phone_number_id, state, wamid FROM outbound_messages`)).rows.map((r) => ({
    id: r.id,
    dedupeKey: r.dedupe_key,
    toWaId: r.to_wa_id,
    phoneNumberId: r.phone_number_id,
    state: r.state,
    wamid: r.wamid,
  }));
  const history = (await db.query(`SELECT message_id, from_state, to_state, id FROM outbound_message_events`)).rows.map((r) => ({
    messageId: r.message_id,
    fromState: r.from_state,
    toState: r.to_state,
    seq: Number(r.id),
  }));
  const inboundStored = (
    await db.query(
      `SELECT i.id, i.phone_number_id, i.wamid, a.attribution FROM inbound_messages i LEFT JOIN inbound_attributions a ON a.inbound_message_id = i.id`,
    )
  ).rows.map((r) => ({ id: r.id, phoneNumberId: r.phone_number_id, wamid: r.wamid, attribution: r.attribution }));
  const storedBodies = new Set((await db.query(`SELECT encode(sha256(body), 'hex') AS hash FROM webhook_deliveries`)).rows.map((r) => r.hash));
  const storedStatuses = new Set((await db.query(`SELECT wamid, status FROM message_status_events`)).rows.map((r) => `${r.wamid}|${r.status}`));
  const [counts] = (
    await db.query(
      `SELECT count(*)::int AS deliveries, coalesce(sum(events_total), 0)::int AS events, coalesce(sum(events_duplicate), 0)::int AS duplicate_events, count(*) FILTER (WHERE state = 'poison')::int AS poison FROM webhook_deliveries`,
    )
  ).rows;
  return {
    rows,
    history,
    inboundStored,
    storedBodies,
    storedStatuses,
    storedInbound: new Set(inboundStored.map((m) => `${m.phoneNumberId}|${m.wamid}`)),
    counts,
  };
}

/** The ids a work queue lists (every page), as the inbox would show them. */
export async function readWorkItems(call, kind) {
  const ids = new Set();
  let cursor = null;
  do {
    const answer = await call('GET', `/v1/work-items?kind=${kind}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (answer.status !== 200) throw new Error(`GET /v1/work-items?kind=${kind} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    for (const item of answer.body.data) ids.add(item.id);
    cursor = answer.body.next_cursor;
  } while (cursor);
  return ids;
}

/** What is still moving: rows not yet sent, deliveries not yet processed, statuses parked. */
export async function readBacklog(db) {
  const [row] = // A row waiting for a messaging-limit slot is due in hours: it is waiting, not moving.
    (
      await db.query(`SELECT (SELECT count(*) FROM outbound_messages WHERE state = 'queued' AND not_before < now() + interval '1 hour')::int AS queued,
                           (SELECT count(*) FROM outbound_messages WHERE state = 'queued' AND not_before >= now() + interval '1 hour')::int AS waiting_for_limit,
                           (SELECT count(*) FROM outbound_messages WHERE state = 'sending')::int AS sending,
                           (SELECT count(*) FROM webhook_deliveries WHERE state = 'received')::int AS deliveries,
                           (SELECT count(*) FROM message_status_events WHERE match_state = 'parked')::int AS parked,
                           (SELECT count(*) FROM outbound_message_events)::int AS changes`)
    ).rows;
  return row;
}
