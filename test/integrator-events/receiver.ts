import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import type { Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';

/** One POST an integrator's endpoint received, and what it answered. */
export interface Received {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly raw: string;
  readonly event: { id: string; type: string; created_at: string; data: Record<string, unknown> };
  readonly answered: number | 'hung';
  /** When the request reached the receiver (its headers), by this process's clock. */
  readonly receivedAtMs: number;
}

export type Answer = number | 'hang';

/**
 * An order system's webhook endpoint on 127.0.0.1: records every POST and answers from a script
 * (`next`), then `otherwise`. A hung request is never answered (until close).
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly script: Answer[] = [];
  private readonly hung: ServerResponse[] = [];
  otherwise: Answer = 200;
  /** Where a 3xx answer points (its Location header). */
  redirectTo: string | null = null;
  private server!: Server;
  url = '';

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    r.server = createServer((req, res) => void r.handle(req, res));
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/sendbook-events`;
    return r;
  }

  next(...answers: Answer[]): void {
    this.script.push(...answers);
  }

  /** The events answered 2xx, in arrival order. */
  accepted(): Received[] {
    return this.received.filter((r) => typeof r.answered === 'number' && r.answered >= 200 && r.answered < 300);
  }

  /** Whether a receiver that knows only `secret` accepts this POST (the package's own check, timestamp included). */
  static verifies(r: Received, secret: string): boolean {
    try {
      new Webhook(secret).verify(r.raw, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });
      return true;
    } catch {
      return false;
    }
  }

  /** Throws unless every POST carries a valid Standard Webhooks signature (checked by the package itself). */
  verifyAll(secret: string): void {
    const webhook = new Webhook(secret);
    for (const r of this.received) webhook.verify(r.raw, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });
  }

  async close(): Promise<void> {
    for (const res of this.hung.splice(0)) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAtMs = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const answer = this.script.shift() ?? this.otherwise;
    this.received.push({
      id: String(req.headers['webhook-id']),
      timestamp: String(req.headers['webhook-timestamp']),
      signature: String(req.headers['webhook-signature']),
      raw,
      event: JSON.parse(raw) as Received['event'],
      answered: answer === 'hang' ? 'hung' : answer,
      receivedAtMs,
    });
    if (answer === 'hang') {
      this.hung.push(res);
      return;
    }
    const location = answer >= 300 && answer < 400 && this.redirectTo ? { location: this.redirectTo } : {};
    res.writeHead(answer, { 'content-type': 'text/plain', ...location }).end(answer >= 300 ? `nope ${answer}` : 'ok');
  }
}

/** The test app's settings for fast deliveries to a receiver on 127.0.0.1. */
export const FAST_DELIVERY_ENV = {
  EVENT_ENDPOINTS_ALLOW_PRIVATE: 'true',
  EVENT_DELIVERY_POLL_MS: '100',
  EVENT_DELIVERY_RETRY_BASE_MS: '200',
  EVENT_DELIVERY_RETRY_MAX_MS: '800',
  EVENT_DELIVERY_TIMEOUT_MS: '2000',
} as const;

/** The admin key's PATCH and DELETE (`sb.api()` has POST and GET). */
export function adminCalls(sb: Sendbook) {
  const auth = (t: request.Test) => t.set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);
  return { patch: (path: string) => auth(request(sb.url).patch(path)), delete: (path: string) => auth(request(sb.url).delete(path)) };
}
