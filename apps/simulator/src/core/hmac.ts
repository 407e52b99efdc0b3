import { createHmac } from 'node:crypto';

/**
 * Meta's side of `X-Hub-Signature-256`, written independently of `@sendbook/whatsapp` so the two
 * implementations check each other.
 */
export function hubSignature(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** `WHATSAPP_APP_SECRET` may list several secrets during rotation; Meta signs with the current one. */
export function signingSecret(appSecret: string): string {
  return appSecret.split(',')[0]?.trim() ?? '';
}

/** The legacy `X-Hub-Signature` (SHA-1) Meta still sends beside the SHA-256 one. */
export function legacyHubSignature(rawBody: string | Buffer, appSecret: string): string {
  return `sha1=${createHmac('sha1', appSecret).update(rawBody).digest('hex')}`;
}
