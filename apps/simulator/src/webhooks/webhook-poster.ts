import http from 'node:http';
import https from 'node:https';

export interface PostResult {
  statusCode: number | null;
  responseBody: string;
  error: string | null;
  durationMs: number;
}

/** POSTs exact bytes; never rejects (connection problems come back as `error`). */
export type WebhookPoster = (url: string, body: string, headers: Record<string, string>, timeoutMs: number) => Promise<PostResult>;

const MAX_LOGGED_RESPONSE = 4096;

/** A poster on node:http(s) with keep-alive agents; `close()` aborts whatever is in flight. */
export function createHttpPoster(): { post: WebhookPoster; close(): void } {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
  };

  const post: WebhookPoster = (url, body, headers, timeoutMs) =>
    new Promise((resolve) => {
      const started = Date.now();
      const done = (statusCode: number | null, responseBody: string, error: string | null): void =>
        resolve({ statusCode, responseBody, error, durationMs: Date.now() - started });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        done(null, '', `invalid webhook url: ${url}`);
        return;
      }
      const transport = target.protocol === 'https:' ? https : http;
      const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const bytes = Buffer.from(body, 'utf8');
      const req = transport.request(target, {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(bytes.length) },
        timeout: timeoutMs,
      });
      req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
      req.on('error', (err) => done(null, '', err.message || String(err)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_LOGGED_RESPONSE) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => done(res.statusCode ?? null, Buffer.concat(chunks).toString('utf8').slice(0, MAX_LOGGED_RESPONSE), null));
        res.on('error', (err) => done(res.statusCode ?? null, '', err.message));
      });
      req.end(bytes);
    });

  return {
    post,
    close: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
