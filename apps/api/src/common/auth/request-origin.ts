/**
 * CSRF defence for cookie-authenticated mutations, beside the cookie's SameSite=Lax: the request
 * must say which page sent it (`Origin`, which browsers add to every cross-origin request and to
 * same-origin POSTs) and that page must be ours: the request's own host (directly, or through the
 * inbox's proxy, which sets X-Forwarded-Host), or one of the configured inbox origins.
 * A page on another site cannot forge either header without a CORS preflight this API never grants.
 */
export function isSameSiteRequest(
  headers: { origin?: string; referer?: string; host?: string; forwardedHost?: string },
  allowedOrigins: readonly string[],
): boolean {
  const origin = originOf(headers.origin) ?? originOf(headers.referer);
  if (!origin) return false;
  if (allowedOrigins.includes(origin)) return true;
  const host = new URL(origin).host;
  return [headers.host, ...(headers.forwardedHost ?? '').split(',')].some((h) => h !== undefined && h.trim().toLowerCase() === host.toLowerCase());
}

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** `a=1; sendbook_session=xyz` → the named cookie's value, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return value ? decodeURIComponent(value) : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
