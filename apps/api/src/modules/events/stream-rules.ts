/**
 * The rules of the shared live-event hub: who may open a stream, which streams a revocation
 * closes, and how a resuming stream joins the live feed without a gap or a duplicate. Pure: no I/O.
 */
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { compareStreamIds, parseStreamId } from './sse.js';

export interface StreamLimits {
  /** Open streams per API process. */
  readonly maxStreams: number;
  /** Open streams per staff member or API key. */
  readonly maxStreamsPerPrincipal: number;
}

export type Admission =
  | { readonly ok: true }
  /**
   * The process is full: 503, as when Redis is down. Another instance (or this one a little
   * later) can serve the same caller, so it is the server's condition, not the caller's fault.
   */
  | { readonly ok: false; readonly status: 503; readonly error: 'unavailable'; readonly message: string }
  /** This caller holds its share already: 429. Retrying elsewhere would not help; closing a tab would. */
  | { readonly ok: false; readonly status: 429; readonly error: 'too_many_streams'; readonly message: string };

/**
 * Whether one more stream may open, given what is open now. `ofPrincipal` is null when the caller
 * is not known (no principal on the request): then only the process-wide cap applies.
 */
export function admitStream(open: { readonly total: number; readonly ofPrincipal: number | null }, limits: StreamLimits): Admission {
  if (open.total >= limits.maxStreams) {
    return { ok: false, status: 503, error: 'unavailable', message: 'this server holds as many live streams as it may; retry shortly' };
  }
  if (open.ofPrincipal !== null && open.ofPrincipal >= limits.maxStreamsPerPrincipal) {
    return {
      ok: false,
      status: 429,
      error: 'too_many_streams',
      message: `at most ${limits.maxStreamsPerPrincipal} live streams per caller are open at once; close one and retry`,
    };
  }
  return { ok: true };
}

/** Streams are counted per person (every session of a staff member) or per API key. */
export function principalKey(principal: Principal | undefined): string | null {
  return principal ? actorOf(principal) : null;
}

/** The `access.revoked` live event: close the streams of this API key, staff member or session. */
export interface AccessRevocation {
  readonly apiKeyId?: string;
  readonly staffId?: string;
  readonly sessionId?: string;
}

/** The event's `data` as published (snake_case, like all public JSON). */
export function revocationData(revocation: AccessRevocation): Record<string, string> {
  const data: Record<string, string> = {};
  if (revocation.apiKeyId) data.api_key_id = revocation.apiKeyId;
  if (revocation.staffId) data.staff_id = revocation.staffId;
  if (revocation.sessionId) data.session_id = revocation.sessionId;
  return data;
}

/** The event's `data` as read back from the stream; null when it names nothing (it closes nothing). */
export function parseRevocation(data: unknown): AccessRevocation | null {
  if (typeof data !== 'object' || data === null) return null;
  const field = (name: string): string | undefined => {
    const value = (data as Record<string, unknown>)[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const revocation = { apiKeyId: field('api_key_id'), staffId: field('staff_id'), sessionId: field('session_id') };
  return revocation.apiKeyId || revocation.staffId || revocation.sessionId ? revocation : null;
}

/**
 * Whether `revocation` closes a stream opened by `principal`: any field it names that matches.
 * Closing one stream too many costs a reconnect (which the guard judges afresh); leaving one open
 * would leak events to a revoked caller. A stream of an unknown caller matches nothing.
 */
export function revocationMatches(revocation: AccessRevocation, principal: Principal | undefined): boolean {
  if (!principal) return false;
  if (principal.kind === 'api_key') return revocation.apiKeyId === principal.apiKeyId;
  return revocation.staffId === principal.staffId || revocation.sessionId === principal.sessionId;
}

/** What the hub hands a stream: a stream entry, or a `reset` it made itself (Redis came back). */
export interface HubEntry {
  readonly kind: 'event' | 'reset';
  /** The stream entry id (for a reset: the newest entry when it was made, or null for an empty stream). */
  readonly id: string | null;
}

/**
 * A stream subscribes to the hub before it replays what it missed, and the two overlap: the hub
 * hands it entries the replay also wrote, while it replays (held back) and just after (the hub's
 * XREAD can lag behind the replay's XRANGE). Of those, the entries at or before `after`, the last
 * id the replay wrote, were sent already and are skipped. A reset is always kept: it says events
 * were lost, which no replay can make good.
 */
export function entriesToSend<T extends HubEntry>(entries: readonly T[], after: string): T[] {
  const last = parseStreamId(after);
  return entries.filter((entry) => {
    if (entry.kind === 'reset') return true;
    const id = parseStreamId(entry.id);
    return !last || !id || compareStreamIds(id, last) > 0;
  });
}

/**
 * The replay is done when a page came back short (the stream's end), or when it has reached the
 * first entry the hub is holding for the stream (the rest is held, so reading on would only read
 * it twice while a busy stream keeps growing).
 */
export function replayDone(page: { readonly length: number; readonly size: number }, lastReplayed: string, firstHeld: string | null): boolean {
  if (page.length < page.size) return true;
  const replayed = parseStreamId(lastReplayed);
  const held = parseStreamId(firstHeld);
  return replayed !== null && held !== null && compareStreamIds(held, replayed) <= 0;
}
