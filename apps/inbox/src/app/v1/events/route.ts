import { forwardToApi } from '@/lib/api-proxy';

/**
 * `GET /v1/events`: the API's server-sent events, passed through as they arrive. Its own route,
 * because a stream needs what other calls must not have: no timeout, the upstream body piped
 * straight through, `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no` for any
 * proxy in front. Next's gzip would buffer it, so next.config.mjs sets `compress: false`. When the
 * browser goes away, `request.signal` aborts the upstream request, so the API frees the stream.
 */
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return forwardToApi(request, { stream: true });
}
