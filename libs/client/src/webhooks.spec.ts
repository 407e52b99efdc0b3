import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import type { SendbookEvent } from './events.js';
import { DEFAULT_TOLERANCE_SECONDS, EventVerifier, signEvent, verifyEvent, WebhookVerificationError, type WebhookVerificationErrorCode } from './webhooks.js';

// The `standardwebhooks` package (what Sendbook signs with) is the oracle: what it signs verifies
// here, what is signed here verifies there, and both refuse the same tampering.
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const SECRET = newSecret();

const event = {
  id: '5f0c7a8e-2b1d-4c55-9a43-7d3b9e1f0a21',
  type: 'message.state_changed',
  created_at: '2026-03-01T12:00:00.000Z',
  data: { message: { id: 'm-1', state: 'delivered', trigger_ref: 'orders/44812' }, previous_state: 'sent', trigger_ref: 'orders/44812', reason: null },
};
const BODY = JSON.stringify(event);

/** Headers as Sendbook sends them, signed by the oracle. */
function signedByOracle(body: string, { secret = SECRET, at = new Date(), id = event.id } = {}) {
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
}

function codeOf(run: () => unknown): WebhookVerificationErrorCode | 'passed' {
  try {
    run();
    return 'passed';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.code;
    throw error;
  }
}

const oracleAccepts = (body: string, headers: Record<string, string>, secret = SECRET): boolean => {
  try {
    new Webhook(secret).verify(body, headers, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
};

describe('EventVerifier against standardwebhooks', () => {
  it('verifies what standardwebhooks signed and returns the event, typed', () => {
    const verified: SendbookEvent = new EventVerifier(SECRET).verify(BODY, signedByOracle(BODY));
    expect(verified).toEqual(event);
    // `type` narrows `data`.
    const previous = verified.type === 'message.state_changed' ? verified.data.previous_state : null;
    expect(previous).toBe('sent');
  });

  it('signs what standardwebhooks verifies', () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': event.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signEvent(SECRET, event.id, timestamp, BODY) };
    expect(new Webhook(SECRET).verify(BODY, headers)).toEqual(event);
    expect(signEvent(SECRET, event.id, timestamp, BODY)).toBe(new Webhook(SECRET).sign(event.id, new Date(timestamp * 1000), BODY));
  });

  it('agrees with standardwebhooks on any body and id, and on any change to them', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' }),
        fc.string({ minLength: 1, maxLength: 3 }),
        (body, id, extra) => {
          const headers = signedByOracle(body, { id });
          const verifier = new EventVerifier(SECRET);
          // Our verifier also wants an event in the body; the signature check is what is compared.
          const ours = (b: string, h: Record<string, string>) => codeOf(() => verifier.verify(b, h)) !== 'invalid_signature';
          expect(ours(body, headers)).toBe(true);
          expect(oracleAccepts(body, headers)).toBe(true);
          for (const [b, h] of [
            [`${body}${extra}`, headers],
            [body, { ...headers, 'webhook-id': `${id}${extra}` }],
            [body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) }],
          ] as const) {
            expect(ours(b, h)).toBe(false);
            expect(oracleAccepts(b, h)).toBe(false);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('checks the raw bytes: a body parsed and serialised again is not the one signed', () => {
    const body = `{"id":"${event.id}", "type":"inbound.received","created_at":"2026-03-01T12:00:00Z","data":{"inbound":{"text":"Grüße 👋 ¿qué tal?"}}}`;
    const headers = signedByOracle(body);
    const bytes = Buffer.from(body, 'utf8');
    expect(new EventVerifier(SECRET).verify(bytes, headers).type).toBe('inbound.received');
    // A Uint8Array view into a larger buffer: only its own bytes count.
    const padded = Buffer.concat([Buffer.from('xx'), bytes, Buffer.from('yy')]);
    expect(new EventVerifier(SECRET).verify(new Uint8Array(padded.buffer, padded.byteOffset + 2, bytes.length), headers).type).toBe('inbound.received');
    expect(codeOf(() => new EventVerifier(SECRET).verify(JSON.stringify(JSON.parse(body)), headers))).toBe('invalid_signature');
  });

  it('during a rotation (one v1 signature per secret) a receiver holding either secret verifies', () => {
    const old = SECRET;
    const next = newSecret();
    const at = new Date();
    const headers = {
      ...signedByOracle(BODY, { at }),
      'webhook-signature': `${new Webhook(old).sign(event.id, at, BODY)} ${new Webhook(next).sign(event.id, at, BODY)}`,
    };
    expect(new EventVerifier(old).verify(BODY, headers).id).toBe(event.id);
    expect(new EventVerifier(next).verify(BODY, headers).id).toBe(event.id);
    expect(new EventVerifier([next, old]).verify(BODY, headers).id).toBe(event.id);
    expect(codeOf(() => new EventVerifier(newSecret()).verify(BODY, headers))).toBe('invalid_signature');
    expect([oracleAccepts(BODY, headers, old), oracleAccepts(BODY, headers, next), oracleAccepts(BODY, headers, newSecret())]).toEqual([true, true, false]);
    // signEvent with both secrets writes the same header.
    expect(signEvent([old, next], event.id, headers['webhook-timestamp'], BODY)).toBe(headers['webhook-signature']);
  });

  it('after a rotation a receiver holding both secrets still verifies events signed with the new one alone', () => {
    const next = newSecret();
    expect(new EventVerifier([SECRET, next]).verify(BODY, signedByOracle(BODY, { secret: next })).id).toBe(event.id);
  });

  it('skips signatures of other versions and malformed ones', () => {
    const headers = signedByOracle(BODY);
    const good = headers['webhook-signature'];
    const mixed = { ...headers, 'webhook-signature': `v1a,${good.slice(3)} v2,abc v1,short v1,!!! ${good}` };
    expect(new EventVerifier(SECRET).verify(BODY, mixed).id).toBe(event.id);
    expect(oracleAccepts(BODY, mixed)).toBe(true);
    const none = { ...headers, 'webhook-signature': `v1a,${good.slice(3)} v1,short v1,` };
    expect(codeOf(() => new EventVerifier(SECRET).verify(BODY, none))).toBe('invalid_signature');
    expect(oracleAccepts(BODY, none)).toBe(false);
  });

  it.each<[string, number, WebhookVerificationErrorCode | 'passed']>([
    ['now', 0, 'passed'],
    ['5 minutes ago', -DEFAULT_TOLERANCE_SECONDS, 'passed'],
    ['5 minutes ahead', DEFAULT_TOLERANCE_SECONDS, 'passed'],
    ['5 minutes and a second ago (a replay)', -DEFAULT_TOLERANCE_SECONDS - 1, 'timestamp_out_of_tolerance'],
    ['5 minutes and a second ahead', DEFAULT_TOLERANCE_SECONDS + 1, 'timestamp_out_of_tolerance'],
    ['a day ago', -86_400, 'timestamp_out_of_tolerance'],
  ])('a signature made %s: %s', (_, offsetSeconds, expected) => {
    const now = new Date('2026-03-01T12:00:00Z');
    const headers = signedByOracle(BODY, { at: new Date(now.getTime() + offsetSeconds * 1000) });
    expect(codeOf(() => new EventVerifier(SECRET).verify(BODY, headers, now))).toBe(expected);
  });

  it('the tolerance agrees with standardwebhooks on the real clock', () => {
    const late = signedByOracle(BODY, { at: new Date(Date.now() - (DEFAULT_TOLERANCE_SECONDS + 5) * 1000) });
    expect(codeOf(() => new EventVerifier(SECRET).verify(BODY, late))).toBe('timestamp_out_of_tolerance');
    expect(oracleAccepts(BODY, late)).toBe(false);
    const tight = signedByOracle(BODY, { at: new Date(Date.now() - 60_000) });
    expect(codeOf(() => new EventVerifier(SECRET, { toleranceSeconds: 30 }).verify(BODY, tight))).toBe('timestamp_out_of_tolerance');
  });

  it.each<[string, Record<string, string | undefined>, WebhookVerificationErrorCode]>([
    ['no webhook-id', { 'webhook-id': undefined }, 'missing_headers'],
    ['no webhook-timestamp', { 'webhook-timestamp': undefined }, 'missing_headers'],
    ['no webhook-signature', { 'webhook-signature': '' }, 'missing_headers'],
    ['a timestamp that is not seconds', { 'webhook-timestamp': '2026-03-01T12:00:00Z' }, 'invalid_timestamp'],
    ['a timestamp in milliseconds', { 'webhook-timestamp': String(Date.now()) }, 'timestamp_out_of_tolerance'],
  ])('refuses %s', (_, change, code) => {
    const headers = { ...signedByOracle(BODY), ...change };
    expect(codeOf(() => new EventVerifier(SECRET).verify(BODY, headers))).toBe(code);
  });

  it('refuses a correctly signed body that is not an event', () => {
    for (const body of ['not json', '[]', '{"id":"x","type":"message.failed"}', 'null']) {
      expect(codeOf(() => new EventVerifier(SECRET).verify(body, signedByOracle(body)))).toBe('invalid_payload');
    }
  });

  it('reads Node’s req.headers, a Fetch Headers and names in any case', () => {
    const headers = signedByOracle(BODY);
    const node = { host: 'orders.example', 'content-type': 'application/json', ...headers };
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    for (const form of [node, new Headers(headers), upper]) expect(new EventVerifier(SECRET).verify(BODY, form).id).toBe(event.id);
  });

  it('takes the secret with or without its whsec_ prefix, and refuses one that is not base64', () => {
    expect(verifyEvent(SECRET.slice('whsec_'.length), BODY, signedByOracle(BODY)).id).toBe(event.id);
    expect(() => new EventVerifier('whsec_not base64!')).toThrow(TypeError);
    expect(() => new EventVerifier([])).toThrow(TypeError);
  });
});
