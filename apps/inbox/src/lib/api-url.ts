/** The API this inbox talks to; read on the server only (see tools/serve-inbox.mjs). */
export function apiUrl(): string {
  return (process.env.API_URL ?? 'http://localhost:3001').replace(/\/+$/, '');
}
