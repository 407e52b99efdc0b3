import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's first recommended setting (19 MiB of memory, 2 passes, 1 lane): slow and
 * memory-hard, so a stolen table of hashes costs an attacker far more than us (about 30 ms a
 * sign-in here). Parameters travel inside each hash, so raising them later keeps old ones valid.
 */
// The package's `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
export const PASSWORD_HASH = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH);
}

let dummy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. With nothing stored (unknown email, invited but not yet
 * set) it still spends one verification, so the answer takes as long as a wrong password's.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    await verify(await (dummy ??= hashPassword('no password: equalises the timing of unknown accounts')), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
