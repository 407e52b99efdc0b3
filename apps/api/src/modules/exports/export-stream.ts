import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HttpReply } from '../../common/http/http-types.js';

/**
 * A client that has not taken what was written within this long is gone or stuck: its response is
 * dropped (a resumable export loses nothing: the client continues from its last complete line).
 */
export const STALLED_CLIENT_MS = 120_000;

/**
 * One export's HTTP response, written past Fastify's reply (which answers once) as the pages come:
 * each write waits until the client has taken the previous one (`drain`), so an export holds one
 * page in memory however long it is and however slowly the client reads.
 */
export class ExportResponse {
  private closed = false;

  private constructor(private readonly res: ServerResponse) {
    res.on('close', () => {
      this.closed = true;
    });
  }

  /** Status line and headers now, the body to follow; the reply's own headers (request id, security) kept. */
  static open(reply: HttpReply, headers: OutgoingHttpHeaders): ExportResponse {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...headers });
    // The client knows at once that the export started (Node would hold the headers until the first write).
    res.flushHeaders();
    return new ExportResponse(res);
  }

  /** The client went away, or the response was dropped. */
  get gone(): boolean {
    return this.closed || this.res.destroyed;
  }

  /**
   * Writes the chunks and waits until the client has taken them (or is gone, or stalled past
   * STALLED_CLIENT_MS). A page goes out as chunks of a few tens of KB, not as one string of a
   * megabyte: V8 keeps strings that large in its large-object space, freed only by a full collection.
   */
  async write(chunks: string | readonly string[], stalledAfterMs = STALLED_CLIENT_MS): Promise<void> {
    if (this.gone) return;
    let taken = true;
    for (const chunk of typeof chunks === 'string' ? [chunks] : chunks) if (chunk !== '') taken = this.res.write(chunk);
    if (taken) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.drop();
        done();
      }, stalledAfterMs);
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** The whole export was written: the body ends (chunked encoding's last chunk tells the client it is complete). */
  end(): void {
    if (!this.gone) this.res.end();
  }

  /** Cut short (an error, a shutdown, a stalled client): the connection is dropped, never ended, so no client takes a part for the whole. */
  drop(): void {
    if (!this.res.destroyed) this.res.destroy();
    this.closed = true;
  }
}
