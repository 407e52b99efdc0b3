import type { TimelineEntry } from '@sendbook/api-contract';

/**
 * What the composer checks before a reply goes: did the customer write, or a colleague answer,
 * since the agent started typing? Then the reply may no longer fit, and the agent is asked first.
 * The baseline is the key of the newest entry on screen when typing started.
 */
export function entryKey(entry: TimelineEntry): string {
  switch (entry.direction) {
    case 'inbound':
      return `in-${entry.inbound.id}`;
    case 'outbound':
      return `out-${entry.message.id}`;
    case 'echo':
      return `echo-${entry.echo.id}`;
    case 'note':
      return `note-${entry.note.id}`;
  }
}

export function newestKey(timeline: readonly TimelineEntry[]): string | null {
  const last = timeline[timeline.length - 1];
  return last ? entryKey(last) : null;
}

export interface Arrivals {
  /** Messages from the customer since typing started. */
  readonly customer: number;
  /** Replies other staff members sent since typing started (names, for the warning). */
  readonly colleagues: readonly string[];
}

export const NO_ARRIVALS: Arrivals = { customer: 0, colleagues: [] };

/**
 * Entries after `baseline` that should make the agent look again. `me` is `staff:<id>`. When the
 * baseline is not among the entries (it scrolled out of the loaded pages) nothing is claimed: the
 * composer cannot tell, and a false alarm on every send teaches people to ignore it.
 */
export function arrivalsSince(timeline: readonly TimelineEntry[], baseline: string | null, me: string): Arrivals {
  const start = baseline === null ? 0 : timeline.findIndex((entry) => entryKey(entry) === baseline) + 1;
  if (baseline !== null && start === 0) return NO_ARRIVALS;
  let customer = 0;
  const colleagues = new Set<string>();
  for (const entry of timeline.slice(start)) {
    if (entry.direction === 'inbound' && !entry.inbound.reaction) customer += 1;
    if (entry.direction === 'outbound' && entry.message.created_by?.startsWith('staff:') && entry.message.created_by !== me) {
      colleagues.add(entry.message.created_by_name ?? 'A colleague');
    }
    // Someone answered from the WhatsApp Business app on the phone.
    if (entry.direction === 'echo') colleagues.add('Someone on the phone');
  }
  return { customer, colleagues: [...colleagues] };
}

export function hasArrivals(arrivals: Arrivals): boolean {
  return arrivals.customer > 0 || arrivals.colleagues.length > 0;
}

/** The warning, in words: "Dana wrote 2 new messages and Rosa replied since you started typing." */
export function arrivalsWords(arrivals: Arrivals, contact: string): string {
  const parts: string[] = [];
  if (arrivals.customer > 0) parts.push(`${contact} wrote ${arrivals.customer === 1 ? 'a new message' : `${arrivals.customer} new messages`}`);
  if (arrivals.colleagues.length > 0) parts.push(`${listWords(arrivals.colleagues)} replied`);
  return `${parts.join(' and ')} since you started typing.`;
}

function listWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * One send per press. A second Enter arrives before React has re-rendered the disabled button, so
 * the guard is synchronous: `begin` answers false while a send is in flight.
 */
export class SendLatch {
  private busy = false;

  begin(): boolean {
    if (this.busy) return false;
    this.busy = true;
    return true;
  }

  end(): void {
    this.busy = false;
  }

  get inFlight(): boolean {
    return this.busy;
  }
}
