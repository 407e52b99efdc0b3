import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { graphError, type GraphErrorAnswer } from '../graph/graph-error.js';
import type { MediaObject } from '../media/media-store.js';
import type { SimContext } from '../sim-context.js';
import { sendJson } from './http-io.js';

/** Where the simulator serves media bytes (Meta: lookaside.fbsbx.com, same path). */
export const MEDIA_DOWNLOAD_PATH = '/whatsapp_business/attachments/';

/** Meta: a media URL "expires after 5 minutes". */
const URL_LIFETIME_MS = 5 * 60 * 1000;

function unknownObject(id: string): GraphErrorAnswer {
  return graphError(
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  );
}

/** `GET /{version}/{media_id}[?phone_number_id=]`: Meta's metadata with a short-lived download URL. */
export function handleMediaInfo(ctx: SimContext, res: ServerResponse, url: URL, mediaId: string): void {
  const media = ctx.state.media.get(mediaId);
  const phoneNumberId = url.searchParams.get('phone_number_id');
  if (!media || (phoneNumberId !== null && phoneNumberId !== media.phoneNumberId)) {
    const error = unknownObject(mediaId);
    return sendJson(res, error.httpStatus, error.body);
  }
  sendJson(res, 200, {
    messaging_product: 'whatsapp',
    url: downloadUrl(ctx, media),
    mime_type: media.mimeType,
    sha256: media.sha256Hex,
    file_size: media.bytes.length,
    id: media.id,
  });
}

/** `GET /whatsapp_business/attachments/?mid=&ext=&hash=`: the bytes, with the bearer token, before `ext`. */
export function handleMediaDownload(ctx: SimContext, req: IncomingMessage, res: ServerResponse, url: URL, authorised: boolean): void {
  if (req.method !== 'GET') {
    const error = graphError(100, `Unsupported ${(req.method ?? '').toLowerCase()} request.`);
    return sendJson(res, error.httpStatus, error.body);
  }
  if (!authorised) {
    const error = graphError(190);
    return sendJson(res, error.httpStatus, error.body);
  }
  const mid = url.searchParams.get('mid') ?? '';
  const ext = url.searchParams.get('ext') ?? '';
  const media = ctx.state.media.get(mid);
  const valid = media !== undefined && signatureMatches(ctx, mid, ext, url.searchParams.get('hash') ?? '') && Number(ext) * 1000 > ctx.clock.now();
  if (!valid) {
    const error = { ...unknownObject(mid), httpStatus: 404 };
    return sendJson(res, error.httpStatus, error.body);
  }
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(200, { 'content-type': media.mimeType, 'content-length': media.bytes.length });
  const rate = ctx.config().mediaBytesPerSecond;
  if (rate > 0) return trickle(res, media.bytes, rate);
  res.end(media.bytes);
}

/** A slow CDN: the bytes in 64 KiB pieces at `bytesPerSecond`, stopping if the client goes away. */
function trickle(res: ServerResponse, bytes: Buffer, bytesPerSecond: number): void {
  const piece = 64 * 1024;
  let offset = 0;
  const next = (): void => {
    if (res.destroyed) return;
    const chunk = bytes.subarray(offset, offset + piece);
    offset += chunk.length;
    if (offset >= bytes.length) {
      res.end(chunk);
      return;
    }
    res.write(chunk);
    setTimeout(next, (chunk.length / bytesPerSecond) * 1000);
  };
  next();
}

function downloadUrl(ctx: SimContext, media: MediaObject): string {
  const ext = String(Math.floor((ctx.clock.now() + URL_LIFETIME_MS) / 1000));
  const url = new URL(`${ctx.baseUrl()}${MEDIA_DOWNLOAD_PATH}`);
  url.searchParams.set('mid', media.id);
  url.searchParams.set('ext', ext);
  url.searchParams.set('hash', sign(ctx, media.id, ext));
  return url.toString();
}

// The hash ties the expiry to the id, so `ext` cannot be pushed forward by hand.
function sign(ctx: SimContext, mid: string, ext: string): string {
  return createHmac('sha256', ctx.config().appSecret).update(`${mid}:${ext}`).digest('base64url');
}

function signatureMatches(ctx: SimContext, mid: string, ext: string, hash: string): boolean {
  const expected = Buffer.from(sign(ctx, mid, ext));
  const given = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
