import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, isIpLiteral, refusal, RefusedAddressError } from './endpoint-address.js';

/** What one POST to an endpoint came to. `statusCode` null: no answer (refused, time-out, network). */
export interface PostOutcome {
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly bodyExcerpt: string | null;
  readonly error: string | null;
}

export const BODY_EXCERPT_BYTES = 1024;

export interface SignedPost {
  readonly url: string;
  /** Each signs the body: the current secret first, then those still in a rotation's overlap. */
  readonly secrets: readonly string[];
  readonly eventId: string;
  readonly body: string;
  readonly at: Date;
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
}

/**
 * The Standard Webhooks headers for one attempt (the id is the event's, the timestamp the
 * attempt's): `webhook-signature` carries one `v1,<base64>` per secret, space-separated, so a
 * receiver holding any one of them verifies (during a secret rotation: the new and the old).
 */
export function signatureHeaders(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  if (secrets.length === 0) throw new Error('an event is signed with at least one secret');
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' '),
  };
}

/**
 * POSTs one signed event. Redirects are not followed (a 3xx is a failed attempt), the whole
 * exchange is bounded by `timeoutMs`, and the connection only goes to public addresses unless
 * private ones are allowed: IP literals are checked here, names as they resolve (guardedLookup).
 */
export function postSigned(post: SignedPost): Promise<PostOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: latency() });
    };
    const url = new URL(post.url);
    const literalProblem = !post.allowPrivate && isIpLiteral(url.hostname) ? refusal(url.hostname.replace(/^\[|\]$/g, '')) : null;
    const timer = setTimeout(() => {
      request?.destroy();
      finish({ statusCode: null, bodyExcerpt: null, error: `no answer within ${post.timeoutMs} ms` });
    }, post.timeoutMs);
    if (literalProblem) {
      finish({ statusCode: null, bodyExcerpt: null, error: `refused: ${url.hostname} ${literalProblem}` });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      lookup: guardedLookup(post.allowPrivate),
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(post.body),
        'user-agent': 'Sendbook-Webhooks/1',
        ...signatureHeaders(post.secrets, post.eventId, post.at, post.body),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < BODY_EXCERPT_BYTES) {
          chunks.push(chunk.subarray(0, BODY_EXCERPT_BYTES - kept));
          kept += Math.min(chunk.length, BODY_EXCERPT_BYTES - kept);
        }
      });
      const done = () =>
        finish({ statusCode: response.statusCode ?? null, bodyExcerpt: chunks.length ? Buffer.concat(chunks).toString('utf8') : null, error: null });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error) => {
      const refused = error instanceof RefusedAddressError;
      finish({ statusCode: null, bodyExcerpt: null, error: refused ? `refused: ${error.message}` : error.message || error.name });
    });
    request.end(post.body);
  });
}
