import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets Sendbook must be able to read back (event endpoints' signing secrets) are kept sealed:
// AES-256-GCM under APP_ENCRYPTION_KEY, so a copy of the database (a backup, a replica, a dump in
// a ticket) signs nothing. Each sealed value names the key it was sealed with (the first bytes of
// the key's SHA-256), so a rotated key can still open what the previous one sealed until
// `reencrypt-secrets` has moved everything onto the new one.

const FORMAT = 'sb1';

export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;
  private readonly currentId: string | null;

  /** `current` null: nothing is sealed (development without a key); sealed values still open with `previous`. */
  constructor(
    private readonly current: Buffer | null,
    previous: readonly Buffer[] = [],
  ) {
    this.currentId = current ? keyId(current) : null;
    this.keys = new Map([...(current ? [current] : []), ...previous].map((key) => [keyId(key), key]));
  }

  seal(plain: string): string {
    if (!this.current) return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, this.currentId, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
  }

  /** The plain value; a value stored before sealing began is returned as it is. Throws for a key it does not have, or tampering. */
  open(stored: string): string {
    if (!stored.startsWith(`${FORMAT}:`)) return stored;
    const [, id, iv, sealed, tag] = stored.split(':');
    const key = this.keys.get(id ?? '');
    if (!key) throw new Error(`a secret sealed with key ${id} cannot be opened: that key is neither APP_ENCRYPTION_KEY nor in APP_ENCRYPTION_KEYS_PREVIOUS`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Sealed with the current key (nothing for `reencrypt-secrets` to do). */
  isCurrent(stored: string): boolean {
    return this.currentId === null ? !stored.startsWith(`${FORMAT}:`) : stored.startsWith(`${FORMAT}:${this.currentId}:`);
  }
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** 32 bytes, written as base64 or base64url (`openssl rand -base64 32`); null with the problem otherwise. */
export function parseEncryptionKey(text: string): Buffer | null {
  const bytes = Buffer.from(text.trim(), /[-_]/.test(text) ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** A new key, as `npm start` makes one for its own data: 32 random bytes, base64. */
export const newEncryptionKey = (): string => randomBytes(32).toString('base64');
