import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SendbookEvent } from './events.js';

/** How far `webhook-timestamp` may be from the receiver's clock, either way: 5 minutes, as Standard Webhooks says. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';

export type WebhookVerificationErrorCode =
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is missing. */
  | 'missing_headers'
  /** `webhook-timestamp` is not a number of seconds. */
  | 'invalid_timestamp'
  /** Signed too long ago (a replay) or too far in the future. */
  | 'timestamp_out_of_tolerance'
  /** No `v1,` signature in the header matches any of the secrets. */
  | 'invalid_signature'
  /** Signed correctly, but not an event (not JSON, or not `{id, type, created_at, data}`). */
  | 'invalid_payload';

/** A request that is not a genuine Sendbook event: answer it 400 or 401, and do nothing with it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Request headers: Node's `req.headers`, a Fetch `Headers`, or a plain object (names in any case). */
export type HeadersLike = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface EventVerifierOptions {
  /** Default 300 (5 minutes). */
  readonly toleranceSeconds?: number;
}

/**
 * Checks that a POST is an event Sendbook signed (Standard Webhooks: HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{raw body}` with the endpoint's `whsec_…` secret) and recent,
 * and returns it typed.
 *
 * Give it the raw body bytes as received: a body parsed and serialised again is not the body that
 * was signed. While a secret is being rotated Sendbook signs with the old and the new one
 * (`webhook-signature: v1,<old> v1,<new>`), so a receiver holding either verifies; a receiver may
 * also hold both while it switches (`new EventVerifier([next, current])`).
 */
export class EventVerifier {
  private readonly keys: readonly Buffer[];
  private readonly toleranceSeconds: number;

  constructor(secrets: string | readonly string[], options: EventVerifierOptions = {}) {
    const list = typeof secrets === 'string' ? [secrets] : [...secrets];
    if (list.length === 0) throw new TypeError('EventVerifier: give it the endpoint secret (whsec_…)');
    this.keys = list.map(secretKey);
    this.toleranceSeconds = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  }

  /**
   * The event, or a WebhookVerificationError saying why not. `now` is the receiver's clock. An
   * event type newer than this client (one in `EVENT_TYPES` of a later version) is returned as it
   * came: give a `switch` on `type` a default branch that answers 2xx.
   */
  verify(body: string | Uint8Array, headers: HeadersLike, now: Date = new Date()): SendbookEvent {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    if (!id || !timestamp || !signatures)
      throw new WebhookVerificationError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required');
    if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not a number of seconds');
    const skew = Math.floor(now.getTime() / 1000) - Number(timestamp);
    if (Math.abs(skew) > this.toleranceSeconds) {
      throw new WebhookVerificationError('timestamp_out_of_tolerance', `webhook-timestamp is ${Math.abs(skew)} s ${skew > 0 ? 'old' : 'in the future'}`);
    }
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const given = signatures
      .split(' ')
      .filter((s) => s.startsWith('v1,'))
      .map((s) => Buffer.from(s.slice(3), 'base64'));
    const matches = this.keys.some((key) => {
      const expected = hmac(key, id, timestamp, bytes);
      return given.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
    });
    if (!matches) throw new WebhookVerificationError('invalid_signature', 'no signature matches the secret');
    return parseEvent(bytes);
  }
}

/** `new EventVerifier(secret).verify(body, headers)` in one call. */
export function verifyEvent(
  secret: string | readonly string[],
  body: string | Uint8Array,
  headers: HeadersLike,
  options: EventVerifierOptions & { now?: Date } = {},
): SendbookEvent {
  return new EventVerifier(secret, options).verify(body, headers, options.now);
}

/**
 * The `webhook-signature` value Sendbook would send for this body (one `v1,` per secret,
 * space-separated): for a receiver's own tests.
 */
export function signEvent(secrets: string | readonly string[], id: string, timestamp: number | string, body: string | Uint8Array): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return (typeof secrets === 'string' ? [secrets] : secrets).map((s) => `v1,${hmac(secretKey(s), id, String(timestamp), bytes).toString('base64')}`).join(' ');
}

function hmac(key: Buffer, id: string, timestamp: string, body: Buffer): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`, 'utf8').update(body).digest();
}

function secretKey(secret: string): Buffer {
  const base64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(base64, 'base64');
  if (key.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new TypeError('EventVerifier: a secret is whsec_ and base64');
  return key;
}

function header(headers: HeadersLike, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value.join(' ') : (value as string | undefined)) ?? null;
}

function parseEvent(bytes: Buffer): SendbookEvent {
  let event: unknown;
  try {
    event = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'the body is not JSON');
  }
  const e = event as Partial<Record<'id' | 'type' | 'created_at' | 'data', unknown>> | null;
  if (
    typeof e !== 'object' ||
    e === null ||
    typeof e.id !== 'string' ||
    typeof e.created_at !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.data !== 'object' ||
    e.data === null
  ) {
    throw new WebhookVerificationError('invalid_payload', 'the body is not a Sendbook event ({id, type, created_at, data})');
  }
  return event as SendbookEvent;
}
