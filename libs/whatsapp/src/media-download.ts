import type { MediaUrl } from './graph-results.js';

// Media bytes are downloaded from the URL that GET /<MEDIA_ID> returns, with the same bearer
// token. That URL comes from a response, so before the token is attached the host is checked:
// a tampered or misrouted answer must not make us hand the token to some other server.

/** Where Meta serves media downloads. */
export const DEFAULT_MEDIA_HOSTS: readonly string[] = ['lookaside.fbsbx.com'];

/**
 * Whether the bearer token may be sent to `url`: the Graph base URL's own origin (a simulator or
 * proxy), or https to one of `hosts` (exact host names, no wildcards).
 */
export function mediaUrlAllowed(url: URL, graphBase: URL, hosts: readonly string[]): boolean {
  if (url.username !== '' || url.password !== '') return false;
  if (url.origin === graphBase.origin) return true;
  if (url.protocol !== 'https:') return false;
  const hostname = url.hostname.toLowerCase();
  return hosts.some((host) => host.toLowerCase() === hostname);
}

/** The bytes behind a media URL. */
export interface MediaDownload {
  bytes: Buffer;
  /** The download's Content-Type header, if any. */
  contentType: string | null;
}

/** Both steps for a media id: its metadata (GET /<MEDIA_ID>) and its bytes. */
export interface MediaContent extends MediaDownload {
  media: MediaUrl;
}
