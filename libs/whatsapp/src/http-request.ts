import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { pipeline, Transform, type Readable } from 'node:stream';
import { TLSSocket } from 'node:tls';

// One HTTP exchange, reported as one of three things:
//   response  — a complete response arrived (any status);
//   not_sent  — no byte of the request can have reached the server (DNS failure, refused,
//               connect/TLS failure, connect timeout, still waiting for a pooled socket);
//               the time-out that makes a failure `unknown` starts only once the request can
//               reach the server (a connected socket), never while it waits locally;
//   unknown   — the request may have been written and then things went wrong (reset, timeout,
//               truncated response). For a send this is the double-send trap: the caller must
//               not treat it as "not sent".
// A reused keep-alive socket, or one freed by another request while this one waited, counts as
// connected from the start: a failure on it after the request was handed over is `unknown`,
// never `not_sent`.

export type HttpOutcome<Body = string> =
  | { kind: 'response'; status: number; headers: http.IncomingHttpHeaders; body: Body }
  | { kind: 'not_sent'; reason: string }
  | { kind: 'unknown'; reason: string };

/** The same outcome with the body as raw bytes (media downloads). */
export type HttpBytesOutcome = HttpOutcome<Buffer>;

/**
 * A success answered as its headers arrive, the body left to stream (`stream`), still held to
 * `maxResponseBytes` and to `timeoutMs` without a byte; any other answer as `HttpBytesOutcome`.
 */
export type HttpStreamOutcome = HttpBytesOutcome | { kind: 'stream'; status: number; headers: http.IncomingHttpHeaders; body: Readable };

export interface HttpRequestOptions {
  method: 'GET' | 'POST' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  /** Text, or a stream made on write (an upload: its content-length header must be set). */
  body?: string | (() => Readable);
  agent: http.Agent;
  /**
   * From the moment the request has a socket until the response body has fully arrived: the
   * window in which a failure is `unknown`. Time spent waiting for a free pooled socket is not in
   * it: that wait cannot have reached the server.
   */
  timeoutMs: number;
  /** Longest wait for a free socket of the agent's pool; past it, `not_sent`. Default: `timeoutMs`. */
  socketWaitMs?: number;
  /** From getting a fresh socket until it is connected (TLS handshake included). */
  connectTimeoutMs: number;
  maxResponseBytes: number;
  /**
   * Runs once the request holds a connected socket, before a byte of it is written; the request
   * is written when it resolves (a departure gate: the moment a send leaves is the moment it was
   * allowed to, not that plus a connection's set-up). A rejection, or taking longer than
   * `timeoutMs`, is `not_sent`: nothing was written.
   */
  beforeWrite?: () => Promise<void>;
}

/** The exchange with the body read as UTF-8 text (JSON answers). */
export async function httpRequest(options: HttpRequestOptions): Promise<HttpOutcome> {
  const outcome = await httpRequestBytes(options);
  return outcome.kind === 'response' ? { ...outcome, body: outcome.body.toString('utf8') } : outcome;
}

/** The exchange with the body kept as bytes, at most `maxResponseBytes` of them. */
export function httpRequestBytes(options: HttpRequestOptions): Promise<HttpBytesOutcome> {
  return exchange(options, false) as Promise<HttpBytesOutcome>;
}

/** The exchange with a 2xx body streamed rather than held in memory (a 100 MiB video). */
export function httpRequestStream(options: HttpRequestOptions): Promise<HttpStreamOutcome> {
  return exchange(options, true);
}

function exchange(options: HttpRequestOptions, streamSuccess: boolean): Promise<HttpStreamOutcome> {
  return new Promise<HttpStreamOutcome>((resolve) => {
    let settled = false;
    // Once true, the server may have received the request: failures become `unknown`.
    let mayHaveReached = false;
    let connectTimer: NodeJS.Timeout | undefined;

    const finish = (outcome: HttpStreamOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(socketTimer);
      clearTimeout(totalTimer);
      clearTimeout(connectTimer);
      resolve(outcome);
    };
    const fail = (reason: string): void => {
      finish(mayHaveReached ? { kind: 'unknown', reason } : { kind: 'not_sent', reason });
    };

    // Until the agent hands over a socket the request is only queued here, however long that takes.
    const socketWaitMs = options.socketWaitMs ?? options.timeoutMs;
    let totalTimer: NodeJS.Timeout | undefined;
    const socketTimer = setTimeout(() => {
      fail(`timeout: not connected within ${socketWaitMs} ms (no free socket in the local pool)`);
      request?.destroy();
    }, socketWaitMs);
    // Two phases on one timer, each `timeoutMs` long: from the socket until it is connected (a
    // failure then is `not_sent`), then from the moment the request can reach the server until
    // the response is in (a failure then is `unknown`). Local waits never eat into the second.
    const armTimer = (): void => {
      clearTimeout(socketTimer);
      clearTimeout(totalTimer);
      totalTimer = setTimeout(() => {
        fail(mayHaveReached ? `timeout: no complete response within ${options.timeoutMs} ms` : `timeout: not connected within ${options.timeoutMs} ms`);
        request?.destroy();
      }, options.timeoutMs);
    };
    const reached = (): void => {
      if (mayHaveReached) return;
      mayHaveReached = true;
      armTimer();
    };
    // With a departure gate the request is written only once the socket is connected and the
    // gate said go; until then a failure is `not_sent`.
    let written = false;
    const write = (): void => {
      if (written || settled) return;
      written = true;
      const body = options.body;
      if (typeof body !== 'function') return void req.end(body);
      // A source that fails part-way leaves the request short: it is destroyed, never sent as if whole.
      pipeline(body(), req, (error) => {
        if (error) req.destroy(error);
      });
    };
    const connected = (): void => {
      const gate = options.beforeWrite;
      if (!gate) return reached();
      clearTimeout(totalTimer);
      totalTimer = setTimeout(() => {
        fail(`timeout: not cleared to write within ${options.timeoutMs} ms`);
        req.destroy();
      }, options.timeoutMs);
      gate().then(
        () => {
          if (settled) return;
          reached();
          write();
        },
        (error: unknown) => {
          fail(`not written: ${describe(error)}`);
          req.destroy();
        },
      );
    };

    let request: http.ClientRequest | undefined;
    try {
      const transport = options.url.protocol === 'https:' ? https : http;
      request = transport.request(options.url, {
        method: options.method,
        headers: options.headers,
        agent: options.agent,
      });
    } catch (error) {
      fail(`request not created: ${describe(error)}`);
      return;
    }
    const req = request;

    req.on('socket', (socket: Socket) => {
      armTimer();
      // A socket handed over already connected can carry the request at once. Node marks one taken
      // from the idle pool `reusedSocket`, but not one freed by another request while this one
      // waited in the agent's queue: that one would never emit 'connect', and a failure on it
      // would be reported as `not_sent` after the server had read the request (a double send).
      if (req.reusedSocket || !(socket.connecting || socket.pending)) {
        connected();
        return;
      }
      // A fresh socket: nothing can be written before it connects (and, for TLS, handshakes).
      const connectedEvent = socket instanceof TLSSocket ? 'secureConnect' : 'connect';
      connectTimer = setTimeout(() => {
        fail(`connect timeout after ${options.connectTimeoutMs} ms`);
        req.destroy();
      }, options.connectTimeoutMs);
      socket.once(connectedEvent, () => {
        clearTimeout(connectTimer);
        connected();
      });
    });

    req.on('response', (res) => {
      reached();
      // A declared length over the limit fails at once, before any of the body is buffered.
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
        fail(`response larger than ${options.maxResponseBytes} bytes`);
        req.destroy();
        return;
      }
      const status = res.statusCode ?? 0;
      if (streamSuccess && status >= 200 && status < 300) {
        finish({ kind: 'stream', status, headers: res.headers, body: limitedBody(res, options) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxResponseBytes) {
          fail(`response larger than ${options.maxResponseBytes} bytes`);
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        finish({
          kind: 'response',
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks, size),
        });
      });
      res.on('error', (error) => fail(`response interrupted: ${describe(error)}`));
      res.on('close', () => {
        if (!res.complete) fail('response interrupted: connection closed mid-body');
      });
    });

    req.on('error', (error) => fail(describe(error)));
    req.on('close', () => fail('connection closed before a response'));

    if (!options.beforeWrite) write();
  });
}

/**
 * The response body past its headers: at most `maxResponseBytes`, and failing when no byte came
 * for `timeoutMs` (a consumer that stops reading stalls it too, and so lets it go). Destroying it
 * (the client went away) destroys the response and its socket.
 */
function limitedBody(res: http.IncomingMessage, options: HttpRequestOptions): Readable {
  let size = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxResponseBytes) return callback(new Error(`response larger than ${options.maxResponseBytes} bytes`));
      callback(null, chunk);
    },
  });
  const socket = res.socket;
  const idle = (): void => {
    res.destroy(new Error(`timeout: no byte of the response within ${options.timeoutMs} ms`));
  };
  socket?.setTimeout(options.timeoutMs, idle);
  pipeline(res, limiter, () => {
    // Back in the pool (or gone): the next request on this socket sets its own.
    socket?.setTimeout(0);
    socket?.removeListener('timeout', idle);
  });
  return limiter;
}

// Error code and message only: Node's network errors never carry request headers, so the
// bearer token cannot leak through here.
// Duck-typed rather than `instanceof Error`: errors may come from another realm (vm contexts).
// An AggregateError (several addresses tried) has an empty message; its first cause explains it.
function describe(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown error';
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  let text = typeof message === 'string' ? message : '';
  if (text === '' && Array.isArray(errors) && errors.length > 0) text = describe(errors[0]);
  if (typeof code === 'string' && !text.startsWith(code)) return text ? `${code}: ${text}` : code;
  return text || 'unknown error';
}
