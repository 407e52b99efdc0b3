import http from 'node:http';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

export interface SseClient {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly events: ReceivedEvent[];
  readonly comments: string[];
  /** The server ended or dropped the stream (not set by `close()`). */
  readonly ended: boolean;
  /** Waits for the first event (after those already checked) matching `predicate`. */
  waitFor(predicate: (e: ReceivedEvent) => boolean, what?: string): Promise<ReceivedEvent>;
  close(): void;
}

/** A plain node:http EventSource: GET with the API key, parsing `id:`/`event:`/`data:` lines. */
export function connectSse(baseUrl: string, options: { lastEventId?: string; apiKey?: string; headers?: Record<string, string> } = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    // A session cookie stands in for the API key, as in a browser.
    const viaCookie = Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'cookie');
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      ...(viaCookie ? {} : { Authorization: `Bearer ${options.apiKey ?? TEST_SECRETS.apiKey}` }),
      ...options.headers,
    };
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    const req = http.get(`${baseUrl}/v1/events`, { headers }, (res) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      let buffer = '';
      let ended = false;
      let closing = false;
      res.on('close', () => {
        if (!closing) ended = true;
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, event, data: JSON.parse(data.join('\n')) as Record<string, unknown> });
        }
      });
      res.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'],
        events,
        comments,
        get ended() {
          return ended;
        },
        async waitFor(predicate, what = 'event') {
          let found: ReceivedEvent | undefined;
          await waitFor(() => (found = events.find(predicate)) !== undefined, { what });
          return found!;
        },
        close: () => {
          closing = true;
          res.destroy();
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
