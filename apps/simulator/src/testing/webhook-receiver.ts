import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StatusObject, WebhookEnvelope } from '../webhooks/webhook-types.js';

export interface ReceivedPost {
  raw: Buffer;
  headers: IncomingHttpHeaders;
  /** What the receiver answered. */
  answered: number;
  /** Whether X-Hub-Signature-256 matched an HMAC of the raw bytes (computed here, independently). */
  signatureValid: boolean;
  envelope: WebhookEnvelope;
}

export interface WebhookReceiver {
  url: string;
  posts: ReceivedPost[];
  /**
   * Requests that were not a webhook POST (another path, or a body that is not JSON): answered
   * 404/400 and kept apart. Parallel test processes reuse ephemeral ports, so a client of a closed
   * server elsewhere can reach this one.
   */
  strays: Array<{ method: string | undefined; url: string | undefined; raw: Buffer }>;
  /** Posts answered 200. */
  accepted(): ReceivedPost[];
  /** Statuses from posts answered 200, in arrival order. */
  statuses(): StatusObject[];
  messages(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  appSecret?: string;
  /** Status to answer the n-th POST (0-based) with; default 200. */
  respond?: (index: number, raw: Buffer) => number;
}

const PATH = '/webhooks/whatsapp';

/** A webhook endpoint for specs: records raw bytes, checks the signature itself, answers as told. */
export async function startWebhookReceiver(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
  const posts: ReceivedPost[] = [];
  const strays: WebhookReceiver['strays'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const envelope = req.method === 'POST' && req.url === PATH ? parseEnvelope(raw) : null;
      if (!envelope) {
        strays.push({ method: req.method, url: req.url, raw });
        res.writeHead(req.url === PATH ? 400 : 404, { 'content-type': 'text/plain' });
        res.end('not a webhook');
        return;
      }
      const answered = options.respond?.(posts.length, raw) ?? 200;
      posts.push({
        raw,
        headers: req.headers,
        answered,
        signatureValid: verify(raw, req.headers['x-hub-signature-256'], options.appSecret ?? 'sim-app-secret'),
        envelope,
      });
      res.writeHead(answered, { 'content-type': 'text/plain' });
      res.end(answered === 200 ? 'EVENT_RECEIVED' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const accepted = (): ReceivedPost[] => posts.filter((p) => p.answered === 200);
  const values = () => accepted().flatMap((p) => p.envelope.entry.flatMap((e) => e.changes.map((c) => c.value)));
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    posts,
    strays,
    accepted,
    statuses: () => values().flatMap((v) => v.statuses ?? []),
    messages: () => values().flatMap((v) => v.messages ?? []),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parseEnvelope(raw: Buffer): WebhookEnvelope | null {
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'entry' in parsed ? (parsed as WebhookEnvelope) : null;
  } catch {
    return null;
  }
}

function verify(raw: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
