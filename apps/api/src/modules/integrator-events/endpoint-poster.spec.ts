import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signatureHeaders } from './endpoint-poster.js';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const verifies = (s: string, body: string, headers: Record<string, string>): boolean => {
  try {
    new Webhook(s).verify(body, headers);
    return true;
  } catch {
    return false;
  }
};

describe('signatureHeaders', () => {
  const body = JSON.stringify({ id: 'evt', type: 'message.state_changed', created_at: '2026-12-01T10:00:00.000Z', data: {} });
  const at = new Date();

  it('one secret: one v1 signature, the event id, the attempt’s time in seconds', () => {
    const s = secret();
    const headers = signatureHeaders([s], 'evt-1', at, body);
    expect(headers['webhook-id']).toBe('evt-1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifies(s, body, headers)).toBe(true);
  });

  it('during a rotation: a v1 signature per secret, space-separated, new first; a receiver with either verifies, one with another does not', () => {
    const [current, previous, older, stranger] = [secret(), secret(), secret(), secret()];
    const headers = signatureHeaders([current, previous, older], 'evt-2', at, body);
    const parts = headers['webhook-signature']!.split(' ');
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe(new Webhook(current).sign('evt-2', at, body));
    for (const p of parts) expect(p).toMatch(/^v1,/);
    expect([current, previous, older].map((s) => verifies(s, body, headers))).toEqual([true, true, true]);
    expect(verifies(stranger, body, headers)).toBe(false);
    // Any change to the body fails every one of them.
    expect(verifies(previous, `${body} `, headers)).toBe(false);
  });

  it('refuses to sign with no secret at all', () => {
    expect(() => signatureHeaders([], 'evt-3', at, body)).toThrow('at least one secret');
  });
});
