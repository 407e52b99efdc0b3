// The chaos run's verdict: pure checks over what the simulator saw (its ledger, the inbound messages
// its customers sent, the webhook POSTs it got a 200 for) and what the database holds at the end.
// Each check returns the rows that break it, named, so a failing run says what to look at.
// The shapes are documented in readers.mjs, which builds them; the specs build them by hand.

/** Meta's ladder; a row never moves down it, and nothing follows `failed`. */
const LADDER = ['queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'played'];
const AFTER_META = new Set(['accepted', 'sent', 'delivered', 'read', 'played', 'failed']);

/** Up to this many offending rows are named per check; the count says how many there were. */
export const NAMED_AT_MOST = 20;

/** `advisory`: printed and named, but the run does not fail on it (see noPacingRefusals). */
function check(name, violations, { advisory = false } = {}) {
  return { name, ok: violations.length === 0, advisory, count: violations.length, violations: violations.slice(0, NAMED_AT_MOST) };
}

/** No dedupe_key reached a phone twice: each row (its id is the callback data) is in the ledger at most once. */
export function noDedupeKeyTwice({ ledger, rows }) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Map();
  for (const entry of ledger) {
    if (entry.failedWith !== null && entry.failedWith !== undefined) continue; // never reached a phone
    const key = entry.callbackData ?? `(no callback data: ${entry.wamid})`;
    seen.set(key, [...(seen.get(key) ?? []), entry.wamid]);
  }
  const violations = [];
  for (const [key, wamids] of seen) {
    const row = byId.get(key);
    if (!row) violations.push(`${wamids.join(', ')} reached +${ledgerTo(ledger, wamids[0])} for no row of ours (callback data ${key})`);
    else if (wamids.length > 1)
      violations.push(`dedupe_key ${row.dedupeKey} (row ${row.id}) reached +${row.toWaId} ${wamids.length} times: ${wamids.join(', ')}`);
  }
  return check('no dedupe_key reached a phone twice', violations);
}

function ledgerTo(ledger, wamid) {
  return ledger.find((e) => e.wamid === wamid)?.to ?? '?';
}

/** No user got two messages from one number within `pairIntervalMs`. */
export function pairSpacing({ ledger, pairIntervalMs }) {
  const byPair = groupBy(ledger, (e) => `${e.phoneNumberId}→${e.to}`);
  const violations = [];
  for (const [pair, entries] of byPair) {
    entries.sort((a, b) => a.acceptedAt - b.acceptedAt);
    for (let i = 1; i < entries.length; i++) {
      const gap = entries[i].acceptedAt - entries[i - 1].acceptedAt;
      if (gap < pairIntervalMs) violations.push(`${pair}: ${entries[i - 1].wamid} then ${entries[i].wamid} ${gap} ms apart`);
    }
  }
  return check(`no user got two messages within ${pairIntervalMs / 1000} s`, violations);
}

/** No number had more than its cap of accepted sends in any sliding 1 s window. */
export function throughputCap({ ledger, caps }) {
  const violations = [];
  for (const [phoneNumberId, entries] of groupBy(ledger, (e) => e.phoneNumberId)) {
    const cap = caps[phoneNumberId];
    if (cap === undefined) {
      violations.push(`${entries.length} sends from ${phoneNumberId}, a number with no cap configured`);
      continue;
    }
    const times = entries.map((e) => e.acceptedAt).sort((a, b) => a - b);
    let worst = { count: 0, at: 0 };
    for (let start = 0, end = 0; end < times.length; end++) {
      while (times[end] - times[start] >= 1000) start++;
      if (end - start + 1 > worst.count) worst = { count: end - start + 1, at: times[start] };
    }
    if (worst.count > cap) violations.push(`${phoneNumberId}: ${worst.count} sends in the second from ${new Date(worst.at).toISOString()} (cap ${cap})`);
  }
  return check('no number exceeded its cap in any 1 s window', violations);
}

/**
 * No more distinct users reached with business-initiated messages (outside their service window)
 * in any rolling 24 h than the messaging limit allows.
 */
export function messagingLimit({ ledger, messagingLimit: limit, tierWindowMs = 86_400_000 }) {
  if (limit === 'unlimited') return check('no user beyond the messaging limit', []);
  const initiated = ledger.filter((e) => e.windowOpen === false).sort((a, b) => a.acceptedAt - b.acceptedAt);
  const violations = [];
  const lastAt = new Map();
  for (const entry of initiated) {
    for (const [user, at] of lastAt) if (entry.acceptedAt - at >= tierWindowMs) lastAt.delete(user);
    const isNew = !lastAt.has(entry.to);
    lastAt.set(entry.to, entry.acceptedAt);
    if (isNew && lastAt.size > limit) violations.push(`+${entry.to} (${entry.wamid}) was user ${lastAt.size} in 24 h, limit ${limit}`);
  }
  return check('no user beyond the messaging limit', violations);
}

/** Every message Meta accepted has its final status on its row (found by callback data), with its wamid. */
export function finalStatusApplied({ ledger, rows }) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const violations = [];
  for (const entry of ledger) {
    const row = entry.callbackData ? byId.get(entry.callbackData) : undefined;
    if (!row) continue; // noDedupeKeyTwice names sends no row of ours explains
    if (row.state !== entry.expectedFinal)
      violations.push(`row ${row.id} (${row.dedupeKey}) is ${row.state}; Meta's last status for ${entry.wamid} was ${entry.expectedFinal}`);
    else if (row.wamid !== entry.wamid)
      violations.push(`row ${row.id} (${row.dedupeKey}) has wamid ${row.wamid ?? 'null'}; Meta accepted it as ${entry.wamid}`);
  }
  return check('every message Meta accepted has its final status applied', violations);
}

/** The status history never moves a row down the ladder once Meta had it, and nothing follows failed. */
export function noStatusBackwards({ history }) {
  const violations = [];
  for (const [messageId, events] of groupBy(history, (h) => h.messageId)) {
    events.sort((a, b) => a.seq - b.seq);
    let best = null;
    for (const event of events) {
      if (best === 'failed') {
        violations.push(`row ${messageId}: ${event.fromState ?? '∅'} → ${event.toState} after failed (event ${event.seq})`);
        break;
      }
      if (best !== null && AFTER_META.has(best) && event.toState !== 'failed' && rank(event.toState) <= rank(best)) {
        violations.push(`row ${messageId}: ${event.fromState ?? '∅'} → ${event.toState} after it reached ${best} (event ${event.seq})`);
        break;
      }
      best = event.toState;
    }
  }
  return check('no status moved backwards', violations);
}

function rank(state) {
  const i = LADDER.indexOf(state);
  return i < 0 ? -1 : i;
}

/** Every inbound message the customers sent is stored exactly once, and attributed or listed as a work item. */
export function inboundStoredOnce({ inboundSent, inboundStored, unattributedListed }) {
  const stored = groupBy(inboundStored, (m) => `${m.phoneNumberId}|${m.wamid}`);
  const violations = [];
  for (const sent of inboundSent) {
    const copies = stored.get(`${sent.phoneNumberId}|${sent.wamid}`) ?? [];
    if (copies.length === 0) violations.push(`inbound ${sent.wamid} from +${sent.from} is not stored`);
    else if (copies.length > 1) violations.push(`inbound ${sent.wamid} from +${sent.from} is stored ${copies.length} times`);
    else if (copies[0].attribution === null) violations.push(`inbound ${sent.wamid} (row ${copies[0].id}) has no attribution`);
    else if (copies[0].attribution === 'unattributed' && !unattributedListed.has(copies[0].id))
      violations.push(`inbound ${sent.wamid} (row ${copies[0].id}) is unattributed and not listed as a work item`);
  }
  return check('every inbound message is stored exactly once, attributed or listed', violations);
}

/**
 * Every row whose outcome was unknown (Meta's answer lost, or the worker killed mid-send) is either
 * healed by its status (a state past `sending`) or still `sending` and listed as stuck; no row waits
 * in `sending` unlisted.
 */
export function unknownOutcomes({ ledger, rows, stuckListed }) {
  const lost = new Set(ledger.filter((e) => e.responseLost).map((e) => e.callbackData));
  const violations = [];
  for (const row of rows) {
    if (row.state === 'sending' && !stuckListed.has(row.id)) violations.push(`row ${row.id} (${row.dedupeKey}) is sending and not listed as stuck`);
    if (lost.has(row.id) && !AFTER_META.has(row.state) && row.state !== 'sending')
      violations.push(`row ${row.id} (${row.dedupeKey}): Meta accepted it (answer lost) but it is ${row.state}`);
  }
  return check('every unknown outcome is healed or listed as stuck', violations);
}

/** Every webhook POST answered 200 is stored byte for byte, and each of its events took effect. */
export function ackedWebhooksStored({ acked, storedBodies, storedInbound, storedStatuses }) {
  const violations = [];
  for (const delivery of acked) {
    if (!storedBodies.has(delivery.bodyHash))
      violations.push(`webhook ${delivery.id} was answered 200 but its body (sha256 ${delivery.bodyHash.slice(0, 12)}…) is not stored`);
    for (const event of delivery.events) {
      const found =
        event.kind === 'message' ? storedInbound.has(`${event.phoneNumberId}|${event.wamid}`) : storedStatuses.has(`${event.wamid}|${event.status}`);
      if (!found)
        violations.push(`webhook ${delivery.id} was answered 200 but its ${event.kind} ${event.wamid}${event.status ? ` ${event.status}` : ''} is not stored`);
    }
  }
  return check('every webhook answered 200 is stored', violations);
}

/**
 * The simulator enforces Meta's caps, so the ledger alone cannot show a pacing mistake: Meta's own
 * refusals can. Every 130429 (number over its cap) or 131056 (pair too soon) not scripted by the
 * run is one the sending policy earned. Advisory: nothing reached a phone too soon (Meta refused
 * it, the row is retried); the pacing counts from admission, Meta from arrival, and a send held
 * between the two (PostgreSQL frozen for 5 s after its admission) can arrive < 6 s before the next.
 */
export function noPacingRefusals({ rejections }) {
  const earned = rejections.filter((r) => (r.code === 130429 || r.code === 131056) && r.cause !== 'scripted_error');
  return check(
    'Meta refused no send for pacing (beyond the scripted bursts)',
    earned.map((r) => `${r.code} at ${new Date(r.at).toISOString()} for +${r.to ?? '?'} from ${r.phoneNumberId}`),
    { advisory: true },
  );
}

export function allInvariants(facts) {
  return [
    noDedupeKeyTwice,
    pairSpacing,
    throughputCap,
    noPacingRefusals,
    messagingLimit,
    finalStatusApplied,
    noStatusBackwards,
    inboundStoredOnce,
    unknownOutcomes,
    ackedWebhooksStored,
  ].map((invariant) => invariant(facts));
}

function groupBy(items, key) {
  const groups = new Map();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
