import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { duplicateClient, type RedisClient } from '../../infra/redis-clients.js';
import type { Principal } from '../../common/auth/principal.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { EventsPublisher, INTERNAL_EVENT_TYPES } from './events.publisher.js';
import { formatSseComment, formatSseEvent } from './sse.js';
import { admitStream, entriesToSend, parseRevocation, principalKey, revocationMatches, type AccessRevocation, type HubEntry } from './stream-rules.js';

/** A comment this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** Long enough to be cheap, short enough that a dead connection is noticed. */
const BLOCK_MS = 5_000;
const BATCH = 500;
/** Between attempts while Redis is away (the client's own reconnects back off too). */
const RETRY_MS = 1_000;

/** One stream entry as the wire has it, formatted once for every client. */
export interface WireEntry extends HubEntry {
  readonly text: string;
}

/** A stream entry read back: for clients, or for the instances (`access.revoked`). */
export type ReadEntry = (WireEntry & { readonly kind: 'event' }) | { readonly kind: 'internal'; readonly type: string; readonly data: unknown };

export function readEntry(id: string, fields: string[]): ReadEntry {
  const type = fieldOf(fields, 'type') ?? 'message';
  const data = parseData(fieldOf(fields, 'data'));
  if (INTERNAL_EVENT_TYPES.has(type)) return { kind: 'internal', type, data };
  return { kind: 'event', id, text: formatSseEvent({ id, event: type, data }) };
}

type StreamEntries = [key: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * One client's stream as the hub sees it. It starts held: what the hub reads is kept until the
 * stream has replayed what it missed (`goLive`), then written as it comes.
 */
export class LiveStream {
  private live = false;
  /**
   * Live, but the hub has not yet read past what the replay wrote: its entries up to this id were
   * sent already. Null once it has (from then on every batch is new to this stream).
   */
  private sentUpTo: string | null = null;
  private ended = false;
  private held: WireEntry[] = [];
  private heldBytes = 0;

  constructor(
    private readonly hub: EventsHub,
    readonly res: ServerResponse,
    readonly principal: Principal | undefined,
    readonly key: string | null,
  ) {}

  get closed(): boolean {
    return this.ended;
  }

  /** Bytes accepted for this client and not yet handed to the kernel, held entries included. */
  unsentBytes(): number {
    return this.res.writableLength + this.heldBytes;
  }

  /** The id of the first entry held back while replaying (null when none). */
  firstHeldId(): string | null {
    return this.held.find((e) => e.kind === 'event')?.id ?? null;
  }

  /** For the replay: false when the client should drain first. */
  write(text: string): boolean {
    if (this.ended) return true;
    return this.res.write(text);
  }

  /** Until the client has taken what was written (or is gone). */
  drained(): Promise<void> {
    if (this.ended || !this.res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** The replay has written everything up to and including `after`: from here on, live. */
  goLive(after: string): void {
    if (this.ended || this.live) return;
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    this.live = true;
    this.sentUpTo = after;
    this.writeAfterReplay(held);
  }

  /** For the hub: entries it read, formatted once for all (`text`, `bytes`) and shared. */
  deliver(entries: readonly WireEntry[], text: string, bytes: number): void {
    if (this.ended) return;
    if (!this.live) {
      this.held.push(...entries);
      this.heldBytes += bytes;
    } else if (this.sentUpTo === null) {
      this.res.write(text);
    } else {
      this.writeAfterReplay(entries);
    }
  }

  private writeAfterReplay(entries: readonly WireEntry[]): void {
    const send = entriesToSend(entries, this.sentUpTo!);
    // The hub has caught up with the replay: nothing it reads from here on was sent before.
    if (send.some((e) => e.kind === 'event')) this.sentUpTo = null;
    if (send.length > 0) this.res.write(send.map((e) => e.text).join(''));
  }

  heartbeat(): void {
    if (this.live && !this.ended) this.res.write(formatSseComment('heartbeat'));
  }

  /** Ends the response (shutdown, revocation): EventSource reconnects, and the guard judges it afresh. */
  end(): void {
    if (this.release() && !this.res.writableEnded) this.res.end();
  }

  /** Drops the connection at once: a client that does not read would keep an ended response's bytes forever. */
  destroy(): void {
    if (this.release()) this.res.destroy();
  }

  /** The client went away (or we closed it): forget it. True the first time. */
  release(): boolean {
    if (this.ended) return false;
    this.ended = true;
    this.held = [];
    this.heldBytes = 0;
    this.hub.released(this);
    return true;
  }
}

export type Opened =
  { readonly ok: true; readonly stream: LiveStream } | { readonly ok: false; readonly status: 429 | 503; readonly error: string; readonly message: string };

export interface HubStats {
  /** Streams open in this process. */
  readonly open: number;
  /** Whether the shared reader (one Redis connection) is running. */
  readonly reading: boolean;
  /** Bytes written to clients and not yet taken by them, plus entries held during replays. */
  readonly unsentBytes: number;
  /** Streams dropped because their client stopped reading, since boot. */
  readonly droppedSlow: number;
}

/**
 * Fans the shared Redis Stream out to every open `GET /v1/events` stream of this process: one
 * dedicated connection (named `<prefix>:events-reader` in CLIENT LIST) XREAD BLOCKs and hands each
 * entry to every stream, so 200 browsers cost one Redis connection, not 200. It starts with the
 * first stream and stops when none has been open for EVENTS_READER_IDLE_MS, or at shutdown.
 *
 * When Redis goes away the streams stay open (heartbeats go on) and the reader retries; once it is
 * back, every stream gets a `reset` (and another when a publisher writes its `events.lost`).
 * Waiting rather than ending: events published meanwhile were dropped by the publishers, so a
 * refetch is needed either way, and ending would turn every open tab into a reconnect answered
 * 503, on which EventSource gives up for good, all at once when Redis returns.
 */
@Injectable()
export class EventsHub implements BeforeApplicationShutdown {
  private readonly streams = new Set<LiveStream>();
  private readonly perPrincipal = new Map<string, number>();
  private reader: RedisClient | null = null;
  /** Resolves once the reader knows where it starts; null while no reader runs. */
  private started: Promise<void> | null = null;
  /** The id of the last entry the reader has read. */
  private cursor = '0-0';
  /** The reader lost Redis: on its return, every stream is told to reset. */
  private interrupted = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;
  private shuttingDown = false;
  private droppedSlow = 0;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly publisher: EventsPublisher,
    private readonly logger: JsonLogger,
  ) {}

  /** The reader's CLIENT SETNAME: one per API process, per Redis prefix. */
  get readerName(): string {
    return `${this.config.redisPrefix}:events-reader`;
  }

  /** Admits a stream, or says why not. Synchronous, so the caps hold under a burst of connects. */
  open(res: ServerResponse, principal: Principal | undefined): Opened {
    const key = principalKey(principal);
    const admission = admitStream({ total: this.streams.size, ofPrincipal: key === null ? null : (this.perPrincipal.get(key) ?? 0) }, this.config.events);
    if (!admission.ok) {
      this.logger.event('info', 'events.stream_refused', { reason: admission.error, actor: key, open: this.streams.size });
      return admission;
    }
    const stream = new LiveStream(this, res, principal, key);
    this.streams.add(stream);
    if (key !== null) this.perPrincipal.set(key, (this.perPrincipal.get(key) ?? 0) + 1);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return { ok: true, stream };
  }

  /**
   * Starts the reader if none runs; resolves once it knows its starting point (the newest entry).
   * A stream opened before this resolves holds everything after that point, so its replay (which
   * reads at least that far) and the held entries meet without a gap.
   */
  ensureReading(): Promise<void> {
    this.started ??= this.start().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /** Closes (ends) the open streams whose caller matches; returns how many. */
  closeWhere(matches: (principal: Principal | undefined) => boolean, reason: string): number {
    let closed = 0;
    for (const stream of [...this.streams]) {
      if (!matches(stream.principal)) continue;
      stream.end();
      closed += 1;
    }
    if (closed > 0) this.logger.event('info', 'events.streams_closed', { reason, count: closed });
    return closed;
  }

  /** The streams of a revoked key, staff member or session (as `access.revoked` says). */
  revoke(revocation: AccessRevocation): number {
    return this.closeWhere((principal) => revocationMatches(revocation, principal), 'access_revoked');
  }

  /** The staff members with a live stream open in this process: the inbox tabs here. */
  staffOnline(): string[] {
    const ids = new Set<string>();
    for (const stream of this.streams) if (stream.principal?.kind === 'staff') ids.add(stream.principal.staffId);
    return [...ids];
  }

  stats(): HubStats {
    let unsentBytes = 0;
    for (const stream of this.streams) unsentBytes += stream.unsentBytes();
    return { open: this.streams.size, reading: this.reader !== null, unsentBytes, droppedSlow: this.droppedSlow };
  }

  /**
   * Drops a stream whose client has left more than EVENTS_SLOW_READER_BYTES unsent; it resumes on
   * reconnect. Asked before each write, so what a stream holds stays under the bound plus one
   * write, and a client that takes its data is never dropped for one large batch.
   */
  dropIfBehind(stream: LiveStream): boolean {
    const unsent = stream.unsentBytes();
    if (unsent <= this.config.events.slowReaderBytes) return false;
    this.droppedSlow += 1;
    stream.destroy();
    this.logger.event('warn', 'events.stream_dropped', {
      reason: 'slow_reader',
      unsent_bytes: unsent,
      limit_bytes: this.config.events.slowReaderBytes,
      actor: stream.key,
    });
    return true;
  }

  /** For LiveStream: it closed. */
  released(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    if (stream.key !== null) {
      const left = (this.perPrincipal.get(stream.key) ?? 1) - 1;
      if (left > 0) this.perPrincipal.set(stream.key, left);
      else this.perPrincipal.delete(stream.key);
    }
    if (this.streams.size === 0) this.stopWhenIdle();
  }

  private stopWhenIdle(): void {
    if (this.shuttingDown || !this.reader) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.streams.size === 0) this.stopReading();
    }, this.config.events.readerIdleMs);
    this.idle.unref();
  }

  /** Open streams would keep the HTTP server from closing. */
  beforeApplicationShutdown(): void {
    this.shuttingDown = true;
    for (const stream of [...this.streams]) stream.end();
    this.stopReading();
  }

  private async start(): Promise<void> {
    // On the general client (no offline queue): when Redis is away the stream gets its 503 at once.
    const newest = await this.redis.xrevrange(this.publisher.streamKey, '+', '-', 'COUNT', 1);
    if (this.shuttingDown) throw new Error('shutting down');
    this.cursor = newest[0]?.[0] ?? '0-0';
    this.interrupted = false;
    const reader = duplicateClient(this.redis, {
      connectionName: this.readerName,
      enableAutoPipelining: false,
      // A blocked XREAD must not be failed by the general client's fail-fast settings; a reconnect
      // resends it, and the 'close' below marks the gap.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
    });
    reader.on('error', () => undefined);
    reader.on('close', () => {
      if (this.reader === reader) this.interrupted = true;
    });
    // A Redis Cluster lost a node (a master failing over): its replica may lack the newest entries,
    // which no publisher knows were lost, so every stream resets, as after any gap.
    reader.on('-node', () => {
      if (this.reader === reader) this.interrupted = true;
    });
    this.reader = reader;
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    void this.read(reader);
    // The stream that started it may have gone while it started.
    if (this.streams.size === 0) this.stopWhenIdle();
  }

  private stopReading(): void {
    if (this.idle) clearTimeout(this.idle);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.idle = null;
    this.heartbeat = null;
    const reader = this.reader;
    this.reader = null;
    this.started = null;
    // Aborts the blocked XREAD; the loop sees it is no longer the reader and stops.
    reader?.disconnect();
  }

  private async read(reader: RedisClient): Promise<void> {
    const key = this.publisher.streamKey;
    let failing = false;
    while (this.reader === reader) {
      try {
        if (this.interrupted) await this.recover(reader);
        const reply = (await reader.xread('COUNT', BATCH, 'BLOCK', BLOCK_MS, 'STREAMS', key, this.cursor)) as StreamEntries;
        if (this.reader !== reader) break;
        if (failing) this.logger.event('info', 'events.reader_recovered', { open: this.streams.size });
        failing = false;
        for (const [, entries] of reply ?? []) this.dispatch(entries);
      } catch (error) {
        if (this.reader !== reader) break;
        if (!failing) this.logger.event('warn', 'events.reader_failed', { error, open: this.streams.size });
        failing = true;
        this.interrupted = true;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** Redis is back after a gap: the events published meanwhile were dropped, so every stream resets. */
  private async recover(reader: RedisClient): Promise<void> {
    const newest = await reader.xrevrange(this.publisher.streamKey, '+', '-', 'COUNT', 1);
    if (this.reader !== reader) return;
    this.interrupted = false;
    const id = newest[0]?.[0] ?? null;
    this.cursor = id ?? '0-0';
    this.broadcastReset(id, 'interrupted', 'the live feed was interrupted');
  }

  private broadcastReset(id: string | null, reason: string, why: string): void {
    const text = formatSseEvent({ id, event: 'reset', data: { reason, note: `${why}: refetch, then keep listening` } });
    this.broadcast([{ kind: 'reset', id, text }], text);
  }

  private dispatch(entries: [id: string, fields: string[]][]): void {
    let batch: WireEntry[] = [];
    let text = '';
    for (const [id, fields] of entries) {
      this.cursor = id;
      const entry = readEntry(id, fields);
      if (entry.kind === 'event') {
        batch.push(entry);
        text += entry.text;
        continue;
      }
      // In order: what came before the revocation still goes out, then its streams close.
      this.broadcast(batch, text);
      batch = [];
      text = '';
      if (entry.type === 'events.lost') this.broadcastReset(id, 'events_lost', 'events were lost while Redis was away');
      const revocation = entry.type === 'access.revoked' ? parseRevocation(entry.data) : null;
      if (revocation) this.revoke(revocation);
    }
    this.broadcast(batch, text);
  }

  private broadcast(entries: readonly WireEntry[], text: string): void {
    if (entries.length === 0) return;
    const bytes = Buffer.byteLength(text);
    for (const stream of [...this.streams]) {
      if (!this.dropIfBehind(stream)) stream.deliver(entries, text, bytes);
    }
  }

  private beat(): void {
    for (const stream of [...this.streams]) {
      if (!this.dropIfBehind(stream)) stream.heartbeat();
    }
  }
}

function fieldOf(fields: string[], name: string): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function parseData(raw: string | undefined): unknown {
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
