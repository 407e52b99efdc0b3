import { apiUrl } from './api-url';
import { API_UNREACHABLE } from './problem';

/**
 * The inbox's `/v1/*` is the API's `/v1/*`: the browser talks to one origin, so the session cookie
 * is first-party and `SameSite=Lax` holds. A route handler (not a next.config rewrite) because
 * rewrites are compiled into the build, and API_URL must be read when the server runs; and because
 * here an unreachable API becomes a clear `502 {"error":"api_unreachable"}` instead of Next's
 * HTML error page.
 */

// Hop-by-hop headers (RFC 9110 §7.6.1) and those fetch computes itself.
const DROP_REQUEST = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'accept-encoding',
]);
// fetch has already decoded the body, so its encoding and length no longer describe it.
const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'set-cookie']);

/** Everything but the event stream: answers are small, so a stalled API is cut off. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A 100 MB document over a slow uplink. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface ForwardOptions {
  /** A long-lived stream (server-sent events): no timeout, never buffered on the way. */
  readonly stream?: boolean;
}

export async function forwardToApi(request: Request, options: ForwardOptions = {}): Promise<Response> {
  const incoming = new URL(request.url);
  const target = `${apiUrl()}${incoming.pathname}${incoming.search}`;

  const headers = new Headers();
  for (const [name, value] of request.headers) if (!DROP_REQUEST.has(name)) headers.set(name, value);
  // Who the browser thinks it is talking to, for the API's Origin check and its logs.
  if (!headers.has('x-forwarded-host') && request.headers.has('host')) headers.set('x-forwarded-host', request.headers.get('host')!);
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', incoming.protocol.replace(':', ''));
  // An event stream must not be compressed anywhere between the API and the browser.
  if (options.stream) headers.set('accept-encoding', 'identity');

  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // A file upload (up to 100 MB) is streamed through as it arrives, never held here, with time to arrive.
  const upload = hasBody && /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '');
  const timeoutMs = upload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
  const signal = options.stream ? request.signal : AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: upload ? request.body : hasBody ? await request.arrayBuffer() : undefined,
      ...(upload ? { duplex: 'half' } : {}),
      redirect: 'manual',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return Response.json(
      { error: API_UNREACHABLE, message: timedOut ? 'the API did not answer in time' : 'the inbox could not reach the API' },
      { status: timedOut ? 504 : 502, headers: { 'cache-control': 'no-store' } },
    );
  }

  const out = new Headers();
  for (const [name, value] of upstream.headers) if (!DROP_RESPONSE.has(name)) out.set(name, value);
  // Several cookies stay several headers (iterating Headers would join them with commas).
  for (const cookie of upstream.headers.getSetCookie()) out.append('set-cookie', cookie);
  if (options.stream) {
    out.set('cache-control', 'no-cache, no-transform');
    out.set('x-accel-buffering', 'no');
  }
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out });
}
