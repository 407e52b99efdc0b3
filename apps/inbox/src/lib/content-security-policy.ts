/**
 * The inbox's Content-Security-Policy: scripts only from this origin and the per-request nonce
 * Next puts on its own inline scripts (`strict-dynamic` lets those load the chunks they need);
 * no plugins, no framing by anyone (`frame-ancestors 'none'`), forms and fetches to this origin
 * only (the API is reached through /v1 here). Styles may be inline: React writes `style`
 * attributes into the server's HTML. `dev` adds what Next's development server needs to run
 * (eval for fast refresh, its websocket).
 */
export function contentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(dev ? ['ws:', 'wss:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** 128 random bits, base64: a fresh nonce for every page request. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
