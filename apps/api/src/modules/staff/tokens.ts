import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and invite links. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked table lets nobody in. */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
