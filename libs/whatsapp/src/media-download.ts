import type { Readable } from 'node:stream';
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

/**
 * The bytes behind a media URL, as they arrive: never the whole file in memory (a video may be
 * 100 MiB). The stream fails past the size limit or when the download stalls; read or destroy it.
 */
export interface MediaDownload {
  body: Readable;
  /** The download's Content-Type header, if any. */
  contentType: string | null;
  /** The download's Content-Length header, if any. */
  contentLength: number | null;
}

/** Both steps for a media id: its metadata (GET /<MEDIA_ID>) and its bytes. */
export interface MediaContent extends MediaDownload {
  media: MediaUrl;
}
