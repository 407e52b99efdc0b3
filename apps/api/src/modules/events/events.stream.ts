import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { REDIS } from '../../infra/redis.module.js';
import { EventsPublisher } from './events.publisher.js';
import { formatSseComment, formatSseEvent, formatSseRetry, planResume } from './sse.js';

/** A comment this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
const BLOCK_MS = 5_000;
const BATCH = 200;

type StreamEntries = [key: string, entries: [id: string, fields: string[]][]][] | null;

/**
 * Serves one client's `text/event-stream`: a dedicated Redis connection per client reads the
 * shared stream with XREAD BLOCK from the client's position; closed when the client goes away.
 */
@Injectable()
export class EventsStream implements BeforeApplicationShutdown {
  private readonly open = new Set<() => void>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly publisher: EventsPublisher,
    private readonly logger: JsonLogger,
  ) {}

  async serve(req: Request, res: Response, lastEventId: string | undefined): Promise<void> {
    const conn = this.redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: 1, enableAutoPipelining: false });
    conn.on('error', () => undefined);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      this.open.delete(close);
      conn.disconnect();
      if (!res.writableEnded) res.end();
    };
    let heartbeat: NodeJS.Timeout | undefined;
    req.on('close', close);
    res.on('close', close);

    const key = this.publisher.streamKey;
    let cursor: string;
    let reset: { reason: string; id: string | null } | null = null;
    try {
      await conn.connect();
      const [first, last] = await Promise.all([conn.xrange(key, '-', '+', 'COUNT', 1), conn.xrevrange(key, '+', '-', 'COUNT', 1)]);
      const plan = planResume(lastEventId, first[0]?.[0] ?? null, last[0]?.[0] ?? null);
      cursor = plan.from;
      if (plan.kind === 'reset') reset = { reason: plan.reason, id: last[0]?.[0] ?? null };
    } catch (error) {
      this.logger.event('warn', 'events.stream_unavailable', { error });
      conn.disconnect();
      if (!res.headersSent) res.status(503).json({ error: 'unavailable', message: 'live events are unavailable right now; retry shortly' });
      return;
    }
    if (closed) return;

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    this.open.add(close);
    heartbeat = setInterval(() => res.write(formatSseComment('heartbeat')), HEARTBEAT_MS);
    heartbeat.unref();
    res.write(formatSseRetry(2_000));
    res.write(formatSseComment('connected'));
    if (reset) res.write(formatSseEvent({ id: reset.id, event: 'reset', data: { reason: reset.reason, note: 'events were missed: refetch, then keep listening' } }));

    while (this.open.has(close)) {
      let reply: StreamEntries;
      try {
        reply = (await conn.xread('COUNT', BATCH, 'BLOCK', BLOCK_MS, 'STREAMS', key, cursor)) as StreamEntries;
      } catch (error) {
        // The client disconnected (we closed the connection), or Redis went away: end the stream and
        // let EventSource reconnect with Last-Event-ID.
        if (!closed) this.logger.event('warn', 'events.stream_read_failed', { error });
        break;
      }
      for (const [, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          cursor = id;
          const event = fieldOf(fields, 'type') ?? 'message';
          res.write(formatSseEvent({ id, event, data: parseData(fieldOf(fields, 'data')) }));
        }
      }
    }
    close();
  }

  /** Open streams would keep the HTTP server from closing. */
  beforeApplicationShutdown(): void {
    for (const close of [...this.open]) close();
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
