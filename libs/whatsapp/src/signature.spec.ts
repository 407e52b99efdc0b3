import { createHmac } from 'node:crypto';
import { fixtureBytes } from '../test-support/fixtures.js';
import { signBody, verifySignature } from './signature.js';

const secret = 'app-secret';

describe('signBody', () => {
  it('is sha256= plus the lowercase hex HMAC of the bytes', () => {
    const body = fixtureBytes('inbound-text-meta-docs.json');
    const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    expect(signBody(body, secret)).toBe(expected);
    expect(signBody(body.toString('utf8'), secret)).toBe(expected);
    expect(signBody(body, secret)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});

describe('verifySignature', () => {
  const body = fixtureBytes('status-sent-pricing-pmp-meta-docs.json');
  const good = signBody(body, secret);

  it.each([
    ['the right signature', good, [secret], true],
    ['uppercase hex', `sha256=${good.slice('sha256='.length).toUpperCase()}`, [secret], true],
    ['surrounding whitespace', ` ${good} `, [secret], true],
    ['the new secret during rotation', signBody(body, 'new-secret'), ['old-secret', 'new-secret'], true],
    ['the old secret during rotation', signBody(body, 'old-secret'), ['old-secret', 'new-secret'], true],
    ['a wrong secret', signBody(body, 'other'), [secret], false],
    ['no secrets configured', good, [], false],
    ['only an empty secret', signBody(body, ''), [''], false],
    ['a missing header', undefined, [secret], false],
    ['an empty header', '', [secret], false],
    ['no sha256= prefix', good.slice('sha256='.length), [secret], false],
    ['the legacy sha1 form', `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`, [secret], false],
    ['a truncated digest', good.slice(0, -2), [secret], false],
    ['a too long digest', `${good}00`, [secret], false],
    ['non-hex characters', `sha256=${'z'.repeat(64)}`, [secret], false],
    ['one flipped digit', good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'), [secret], false],
  ])('%s → %s', (_label, header, secrets, expected) => {
    expect(verifySignature(body, header, secrets)).toBe(expected);
  });

  it('fails when a byte of the body changes', () => {
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3] ^= 1;
    expect(verifySignature(tampered, good, [secret])).toBe(false);
  });

  it('verifies the escaped bytes Meta sends, not their re-serialised twin', () => {
    // Meta signs the body as sent, with non-ASCII escaped as \uXXXX.
    const escaped = Buffer.from(
      '{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{"contacts":[{"profile":{"name":"J\\u00f6rg \\u00e4\\u00f6\\u00e5 \\ud83d\\ude00"},"wa_id":"1"}]}}]}]}',
      'utf8',
    );
    expect(escaped.every((byte) => byte < 0x80)).toBe(true);
    const header = signBody(escaped, secret);
    expect(verifySignature(escaped, header, [secret])).toBe(true);

    const reserialised = Buffer.from(JSON.stringify(JSON.parse(escaped.toString('utf8'))), 'utf8');
    expect(reserialised.toString('utf8')).toContain('Jörg äöå 😀');
    expect(verifySignature(reserialised, header, [secret])).toBe(false);
  });
});
