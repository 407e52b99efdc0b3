/**
 * Server-sent events on the wire (https://html.spec.whatwg.org/multipage/server-sent-events.html)
 * and Redis Stream ids. Pure: no I/O.
 */

export interface SseEvent {
  /** The Redis Stream entry id, echoed back by the client as `Last-Event-ID`. */
  readonly id?: string | null;
  readonly event: string;
  readonly data: unknown;
}

/** One event as `id:`, `event:` and `data:` lines and the blank line that ends it. */
export function formatSseEvent(e: SseEvent): string {
  const json = JSON.stringify(e.data ?? null);
  const lines: string[] = [];
  if (e.id) lines.push(`id: ${singleLine(e.id)}`);
  lines.push(`event: ${singleLine(e.event)}`);
  // JSON.stringify never emits a raw newline, but a multi-line string must still become several data: lines.
  for (const line of json.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

/** A comment line (ignored by EventSource): keeps proxies and load balancers from closing an idle stream. */
export function formatSseComment(text: string): string {
  return `: ${singleLine(text)}\n\n`;
}

/** How long EventSource waits before reconnecting. */
export function formatSseRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.floor(ms))}\n\n`;
}

function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

export interface StreamId {
  readonly ms: bigint;
  readonly seq: bigint;
}

/** A Redis Stream id (`<ms>-<seq>`), or null for anything else (so a client cannot inject XREAD syntax). */
export function parseStreamId(value: string | null | undefined): StreamId | null {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(value?.trim() ?? '');
  return match ? { ms: BigInt(match[1]!), seq: BigInt(match[2]!) } : null;
}

export function compareStreamIds(a: StreamId, b: StreamId): number {
  if (a.ms !== b.ms) return a.ms < b.ms ? -1 : 1;
  if (a.seq !== b.seq) return a.seq < b.seq ? -1 : 1;
  return 0;
}

export type ResumePlan =
  /** Read the entries after `from`. */
  | { kind: 'resume'; from: string }
  /** The client's position is gone (trimmed, or Redis lost the stream): tell it to refetch, then read after `from`. */
  | { kind: 'reset'; from: string; reason: 'unknown_id' | 'trimmed' | 'stream_lost' };

/**
 * Where a (re)connecting client starts. `first`/`last` are the oldest and newest entries the
 * stream still keeps (null when it is empty or missing). Without `Last-Event-ID` the client gets
 * what is published from now on. With one, it resumes after it when nothing in between can have
 * been trimmed; otherwise it is told to reset.
 */
export function planResume(lastEventId: string | null | undefined, first: string | null, last: string | null): ResumePlan {
  const now = last ?? '0-0';
  if (lastEventId === null || lastEventId === undefined || lastEventId.trim() === '') return { kind: 'resume', from: now };
  const seen = parseStreamId(lastEventId);
  if (!seen) return { kind: 'reset', from: now, reason: 'unknown_id' };
  const oldest = parseStreamId(first);
  const newest = parseStreamId(last);
  if (!oldest || !newest) return { kind: 'reset', from: now, reason: 'stream_lost' };
  // Newer than anything the stream holds: the stream was recreated (Redis flushed or replaced).
  if (compareStreamIds(seen, newest) > 0) return { kind: 'reset', from: now, reason: 'stream_lost' };
  // The entry right after `seen` may have been trimmed away unless `seen` is still kept.
  if (compareStreamIds(seen, oldest) < 0) return { kind: 'reset', from: now, reason: 'trimmed' };
  return { kind: 'resume', from: lastEventId.trim() };
}
