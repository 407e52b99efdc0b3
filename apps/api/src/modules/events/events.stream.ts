import { Inject, Injectable } from '@nestjs/common';
import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpReply, HttpRequest } from '../../common/http/http-types.js';
import type { RedisClient } from '../../infra/redis-clients.js';
import type { Principal } from '../../common/auth/principal.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { REDIS } from '../../infra/redis.module.js';
import { EventsHub, readEntry, type LiveStream } from './events.hub.js';
import { PresenceService } from './presence.service.js';
import { EventsPublisher } from './events.publisher.js';
import { formatSseComment, formatSseEvent, formatSseRetry, planResume } from './sse.js';
import { replayDone } from './stream-rules.js';

/** Entries per XRANGE while a client catches up. */
const REPLAY_PAGE = 500;
/** Seconds a refused client is asked to wait (`Retry-After`). */
const RETRY_AFTER = { 503: 5, 429: 30 } as const;

/**
 * Serves one client's `text/event-stream`: joins the hub (which reads the shared Redis Stream
 * once for the whole process), replays what the client missed with XRANGE on the general client,
 * then hands the stream to the hub for live events. The caller is the principal the auth guard
 * put on the request; its streams close when its access is revoked.
 */
@Injectable()
export class EventsStream {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly hub: EventsHub,
    private readonly publisher: EventsPublisher,
    private readonly logger: JsonLogger,
    private readonly presence: PresenceService,
  ) {}

  async serve(req: HttpRequest, reply: HttpReply, lastEventId: string | undefined): Promise<void> {
    const principal = (req as HttpRequest & { principal?: Principal }).principal;
    // The stream is written to Node's response itself, past Fastify's reply (which answers once).
    const res = reply.raw;
    const opened = this.hub.open(res, principal);
    if (!opened.ok) {
      await reply.status(opened.status).header('Retry-After', String(RETRY_AFTER[opened.status])).send({ error: opened.error, message: opened.message });
      return;
    }
    // Subscribed (held) from here: whatever the hub reads from now on waits for the replay.
    const stream = opened.stream;
    if (principal?.kind === 'staff') void this.presence.heard([principal.staffId]).catch(() => undefined);
    req.raw.on('close', () => stream.release());
    res.on('close', () => stream.release());

    const key = this.publisher.streamKey;
    let plan: ReturnType<typeof planResume>;
    let newest: string | null;
    try {
      await this.hub.ensureReading();
      const [first, last] = await Promise.all([this.redis.xrange(key, '-', '+', 'COUNT', 1), this.redis.xrevrange(key, '+', '-', 'COUNT', 1)]);
      newest = last[0]?.[0] ?? null;
      plan = planResume(lastEventId, first[0]?.[0] ?? null, newest);
    } catch (error) {
      this.logger.event('warn', 'events.stream_unavailable', { error });
      stream.release();
      if (!reply.sent)
        await reply
          .status(503)
          .header('Retry-After', String(RETRY_AFTER[503]))
          .send({ error: 'unavailable', message: 'live events are unavailable right now; retry shortly' });
      return;
    }
    if (stream.closed) return;

    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    stream.write(formatSseRetry(2_000));
    stream.write(formatSseComment('connected'));
    if (plan.kind === 'reset') {
      stream.write(formatSseEvent({ id: newest, event: 'reset', data: { reason: plan.reason, note: 'events were missed: refetch, then keep listening' } }));
    }

    try {
      const after = plan.kind === 'resume' && lastEventId ? await this.replay(stream, plan.from) : plan.from;
      stream.goLive(after);
    } catch (error) {
      // Redis went away mid-replay: end the stream; EventSource reconnects with the last id it got.
      this.logger.event('warn', 'events.replay_failed', { error });
      stream.end();
    }
  }

  /** Writes the entries after `from` as the client takes them; returns the last id read. */
  private async replay(stream: LiveStream, from: string): Promise<string> {
    let after = from;
    for (;;) {
      const page = await this.redis.xrange(this.publisher.streamKey, `(${after}`, '+', 'COUNT', REPLAY_PAGE);
      if (stream.closed) return after;
      let text = '';
      for (const [id, fields] of page) {
        after = id;
        const entry = readEntry(id, fields);
        if (entry.kind === 'event') text += entry.text;
      }
      if (text && !stream.write(text)) await stream.drained();
      if (stream.closed || replayDone({ length: page.length, size: REPLAY_PAGE }, after, stream.firstHeldId())) return after;
    }
  }
}
