import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { SharedByteBudget } from '../../common/http/byte-budget.js';
import { UploadWatch } from '../../common/http/upload-watch.js';
import { requestIdOf } from '../../common/logging/request-id.js';
import type { AppConfig } from '../../config/config.schema.js';
import type { ServerLevelRoute } from '../../contract/api-operation.decorator.js';
import { WEBHOOK_COUNTERS } from '../metrics/metric-names.js';
import { MetricsRecorder } from '../metrics/metrics-recorder.service.js';
import { WebhookIngestService } from './webhook-ingest.service.js';
import { TAGS } from '../../contract/tags.js';
import { WebhookBody, WebhookReceived, webhookError } from './webhooks.schemas.js';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/** Routes answered on the HTTP server ahead of Fastify, for the contract and route listings. */
export const SERVER_LEVEL_ROUTES: readonly ServerLevelRoute[] = [
  {
    method: 'post',
    path: WEBHOOK_PATH,
    secured: false,
    tag: TAGS.webhooks,
    spec: {
      id: 'receiveWebhook',
      summary: 'Signed events from Meta',
      description:
        'Verifies `X-Hub-Signature-256` over the raw bytes (any content type), stores the body durably, then answers 200; all processing happens afterwards in a worker. A missing or malformed signature header is refused before the body is read. A body that has not arrived cannot be verified yet, so uploads are bounded: one client address holds at most `WEBHOOK_MAX_IN_FLIGHT_PERCENT_PER_ADDRESS` of the bytes in flight (503), and a body arriving slower than `WEBHOOK_MIN_UPLOAD_BYTES_PER_SECOND` after its first 2 s is cut off (408).',
      extraParams: [
        {
          name: 'X-Hub-Signature-256',
          in: 'header',
          required: true,
          description: '`sha256=<hex HMAC-SHA256 of the raw body with the app secret>`',
          schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
        },
      ],
      rawBody: { schema: WebhookBody },
      responses: {
        200: { description: 'Stored.', body: WebhookReceived },
        401: { description: 'Missing or wrong signature; nothing stored.', body: webhookError(['invalid_signature']) },
        408: { description: 'The body arrived too slowly; nothing stored, the connection closed.', body: webhookError(['too_slow']) },
        413: { description: 'Body over the limit; nothing stored, the connection closed.', body: webhookError(['payload_too_large']) },
        500: { description: 'Could not store it: Meta retries.', body: webhookError(['not_stored']) },
        503: {
          description: 'Too many bytes in flight, in all or from this address (a flood, slow uploads, or storage stalled); nothing stored, Meta retries.',
          body: webhookError(['busy']),
        },
      },
    },
  },
];

/** What Meta sends; anything else cannot verify, so its body is not worth reading. */
const SIGNATURE_SHAPE = /^sha256=[0-9a-f]{64}$/i;
/**
 * Slow clients hold sockets: the headers must arrive within 10 s and the whole request (Meta's
 * largest batch is 3 MB) within 30 s. Long responses (the live event stream) are not affected.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Serves `POST /webhooks/whatsapp` on the HTTP server itself, ahead of Fastify and Nest. The ack
 * is the hot path Meta measures (median under 250 ms, under 1 % over 1 s): it only reads the raw
 * bytes, verifies the signature, stores them and answers, so it skips the router, body parsers and
 * Nest's per-request pipeline that buy nothing here. Every other request (the GET handshake too)
 * goes to Fastify as before.
 */
export function mountWebhookEndpoint(app: INestApplication, config: AppConfig): void {
  const ingest = app.get(WebhookIngestService);
  const metrics = app.get(MetricsRecorder);
  const server = app.getHttpServer() as Server;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  const budget = new SharedByteBudget(config.webhooks.maxInFlightBytes, config.webhooks.maxInFlightShare);
  const uploads = new UploadWatch(config.webhooks.minUploadBytesPerSecond);
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && pathOf(req.url) === WEBHOOK_PATH) {
      acknowledge(req, res, ingest, metrics, { limit: config.webhooks.bodyLimitBytes, uploads }, budget, server);
      return;
    }
    for (const listener of others) listener(req, res);
  });
}

function acknowledge(
  req: IncomingMessage,
  res: ServerResponse,
  ingest: WebhookIngestService,
  metrics: MetricsRecorder,
  upload: UploadRules,
  budget: SharedByteBudget,
  server: Server,
): void {
  const started = performance.now();
  const requestId = requestIdOf(req);
  const answer = (status: number, body: string): void => {
    if (res.headersSent) return;
    // The server is closing: this answer closes its connection, which must not stay open for the keep-alive time after it.
    if (!server.listening) res.shouldKeepAlive = false;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-request-id': requestId });
    res.end(body);
    // Ack latency as Meta sees it from here: from the first byte handled to the answer.
    metrics.webhookAcked(performance.now() - started);
  };
  /**
   * Answers without reading (the rest of) the body; `Connection: close` makes Node end the socket
   * once the answer is written (and destroy it then), so the unread bytes are never parsed.
   */
  const refuse = (status: number, body: string): void => {
    if (res.headersSent) return;
    res.shouldKeepAlive = false;
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
      connection: 'close',
    });
    res.end(body);
  };
  const header = req.headers['x-hub-signature-256'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature || !SIGNATURE_SHAPE.test(signature)) {
    // Counted in memory (flushed with the other figures): a flood must not cost a write each.
    metrics.count(WEBHOOK_COUNTERS.signatureRejected, signature ? 'invalid' : 'missing');
    refuse(401, '{"error":"invalid_signature"}');
    return;
  }
  let held = 0;
  const client = req.socket.remoteAddress ?? 'unknown';
  const release = (): void => {
    budget.give(client, held);
    held = 0;
  };
  res.once('close', release);
  // No async-local request context here: entering one runs Node's promise hooks on every promise
  // of the ack (some 2 % of the process in a profile); the request id is handed to what logs instead.
  readBody(req, upload, (n) => {
    if (!budget.tryTake(client, n)) return false;
    held += n;
    return true;
  })
    .then(
      async (body) => {
        // A body over the limit: a clear 413, nothing stored, the rest of it not read.
        if (body === 'too_large') return refuse(413, '{"error":"payload_too_large"}');
        if (body === 'busy') return refuse(503, '{"error":"busy"}');
        if (body === 'too_slow') return refuse(408, '{"error":"too_slow"}');
        const result = await ingest.receive(body, req.headers, requestId);
        if (result.status === 200) answer(200, '{"received":true}');
        else answer(result.status, result.status === 401 ? '{"error":"invalid_signature"}' : '{"error":"not_stored"}');
      },
      // The client went away mid-body: there is nobody to answer and nothing to store.
      () => res.destroy(),
    )
    .catch(() => answer(500, '{"error":"not_stored"}'))
    .finally(release);
}

interface UploadRules {
  /** The largest body (WEBHOOK_BODY_LIMIT_BYTES). */
  readonly limit: number;
  /** Cuts off a body arriving slower than WEBHOOK_MIN_UPLOAD_BYTES_PER_SECOND over its last 2 s. */
  readonly uploads: UploadWatch;
}

/**
 * The raw bytes; 'too_large' as soon as they (or the declared length) pass the limit; 'busy' when
 * `take` refuses bytes (too many in flight, in all or from this client); 'too_slow' when, past the
 * first 2 s, less than the minimum rate's worth arrived in the last 2 s (a slow upload
 * holds bytes and a socket without ever becoming a delivery Meta would make; a fast start followed
 * by a trickle is as slow as a trickle).
 */
function readBody(req: IncomingMessage, { limit, uploads }: UploadRules, take: (n: number) => boolean): Promise<Buffer | 'too_large' | 'busy' | 'too_slow'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      resolve('too_large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const unwatch = uploads.watch(
      () => size,
      () => stop('too_slow'),
    );
    const stop = (outcome: 'too_large' | 'busy' | 'too_slow'): void => {
      unwatch();
      req.removeAllListeners('data');
      req.pause();
      resolve(outcome);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop('too_large');
      if (!take(chunk.length)) return stop('busy');
      chunks.push(chunk);
    });
    req.once('end', () => {
      unwatch();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
    req.once('error', (error) => {
      unwatch();
      reject(error);
    });
    req.once('aborted', () => {
      unwatch();
      reject(new Error('aborted'));
    });
  });
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
