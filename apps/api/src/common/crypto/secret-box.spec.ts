import { randomBytes } from 'node:crypto';
import { newEncryptionKey, parseEncryptionKey, SecretBox } from './secret-box.js';

const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe('SecretBox', () => {
  it('seals so that the stored text holds nothing of the secret, and opens it again', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('whsec_the-signing-secret');
    expect(sealed).not.toContain('the-signing-secret');
    expect(sealed).toMatch(/^sb1:[0-9a-f]{8}:/);
    expect(box.open(sealed)).toBe('whsec_the-signing-secret');
    // A fresh IV each time: the same secret never seals alike.
    expect(box.seal('whsec_the-signing-secret')).not.toBe(sealed);
  });

  it('a rotated key opens what the previous one sealed; without the previous key it says which key is missing', () => {
    const sealedByA = new SecretBox(keyA).seal('whsec_x');
    const rotated = new SecretBox(keyB, [keyA]);
    expect(rotated.open(sealedByA)).toBe('whsec_x');
    expect(rotated.isCurrent(sealedByA)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('whsec_x'))).toBe(true);
    expect(() => new SecretBox(keyB).open(sealedByA)).toThrow(/cannot be opened: that key is neither APP_ENCRYPTION_KEY nor in APP_ENCRYPTION_KEYS_PREVIOUS/);
  });

  it('a value stored before sealing began opens as it is; tampering is refused', () => {
    const box = new SecretBox(keyA);
    expect(box.open('whsec_plain_from_before')).toBe('whsec_plain_from_before');
    expect(box.isCurrent('whsec_plain_from_before')).toBe(false);
    const sealed = box.seal('whsec_y').split(':');
    sealed[3] = Buffer.from('whsec_z').toString('base64url');
    expect(() => box.open(sealed.join(':'))).toThrow(/auth/i);
  });

  it('without a key nothing is sealed', () => {
    expect(new SecretBox(null).seal('whsec_dev')).toBe('whsec_dev');
  });

  it('keys are 32 bytes in base64 or base64url', () => {
    expect(parseEncryptionKey(newEncryptionKey())?.length).toBe(32);
    expect(parseEncryptionKey(keyA.toString('base64url'))).toEqual(keyA);
    expect(parseEncryptionKey('too short')).toBeNull();
  });
});
