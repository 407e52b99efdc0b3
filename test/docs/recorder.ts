import { writeFile } from 'node:fs/promises';
import type request from 'supertest';
import { operationsOf } from '../../apps/api/src/contract/embed-examples.js';
import { exchangeKey, type OpenApiDocument, type RecordedExchange } from '../../apps/api/src/contract/openapi-types.js';
import { Normaliser } from './normalise.js';
import { SchemaValidator } from './schema-validator.js';
import { shapeDifferences } from './shape.js';

export interface CallOptions {
  readonly method?: string;
  readonly url: string;
  /** JSON body (sent as application/json). */
  readonly body?: unknown;
  /** Exact bytes, for the webhook endpoint. */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  /** One file as multipart/form-data (recorded as its name, type and size, not its bytes). */
  readonly file?: { readonly field: string; readonly bytes: Buffer; readonly filename: string; readonly contentType: string };
  /** Send the API key (default true, unless a session cookie is given). */
  readonly auth?: boolean;
  /** Call as a signed-in browser on our page: this session cookie, and the page's Origin. */
  readonly cookie?: string;
  /** Keep the exchange as the operation's example (default true); false for huge or binary bodies. */
  readonly example?: boolean;
  /** A second example of the same operation and status, e.g. `alert`. */
  readonly variant?: string;
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  /** Typed like supertest's answers, so tests read fields as the other e2e tests do. */
  readonly body: request.Response['body'];
  /** The session cookie the answer set (`sendbook_session=…`), if any. */
  readonly sessionCookie?: string;
}

/**
 * Performs real requests against the running app for documented operations. Each answer must have
 * the documented status, content type and schema, and the same shape as the committed example
 * (check mode); in write mode the normalised exchanges become the new committed examples.
 */
export class Recorder {
  readonly exercised = new Set<string>();
  private readonly recorded = new Map<string, RecordedExchange>();
  private readonly operations;
  private readonly validator;
  private readonly normaliser = new Normaliser();

  constructor(
    private readonly baseUrl: string,
    private readonly doc: OpenApiDocument,
    private readonly apiKey: string,
    private readonly committed: readonly RecordedExchange[],
    readonly mode: 'check' | 'write',
  ) {
    this.operations = operationsOf(doc);
    this.validator = new SchemaValidator(doc);
  }

  async call(operationId: string, status: number, options: CallOptions): Promise<Answer> {
    const method = (options.method ?? this.operations.get(operationId)?.method ?? 'get').toUpperCase();
    this.expectOperation(operationId, method, options.url);
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) Object.assign(headers, { cookie: options.cookie, origin: this.baseUrl });
    else if (options.auth !== false) headers.authorization = `Bearer ${this.apiKey}`;
    let payload: string | FormData | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    const file = options.file;
    if (file) {
      payload = new FormData();
      payload.append(file.field, new Blob([file.bytes], { type: file.contentType }), file.filename);
    }
    const recordedBody = file ? { [file.field]: `(${file.filename}: ${file.contentType}, ${file.bytes.length} bytes)` } : (options.body ?? options.rawBody);
    const res = await fetch(`${this.baseUrl}${options.url}`, { method, headers, body: payload });
    const contentType = res.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await res.arrayBuffer());
    // Newline-delimited JSON (an export) is documented, checked and recorded as the list of its lines.
    const body = contentType.includes('ndjson')
      ? bytes
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as unknown)
      : contentType.includes('json')
        ? bytes.length
          ? JSON.parse(bytes.toString('utf8'))
          : null
        : /^text\//.test(contentType)
          ? bytes.toString('utf8')
          : bytes;
    const answer = this.check(
      operationId,
      status,
      { method, url: options.url, body: recordedBody, variant: options.variant },
      { status: res.status, contentType, body },
      options.example !== false,
    );
    const sessionCookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sendbook_session=') && !c.startsWith('sendbook_session=;'))
      ?.split(';')[0];
    return sessionCookie ? { ...answer, sessionCookie } : answer;
  }

  /** A `text/event-stream`: read until `done(text)` holds (or 10 s), then hang up. */
  async stream(operationId: string, url: string, done: (text: string) => boolean, whileOpen: () => Promise<void>): Promise<Answer> {
    this.expectOperation(operationId, 'GET', url);
    const abort = new AbortController();
    const res = await fetch(`${this.baseUrl}${url}`, { headers: { authorization: `Bearer ${this.apiKey}` }, signal: abort.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = setTimeout(() => abort.abort(), 10_000);
    let triggered = false;
    try {
      while (!done(text)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
        if (!triggered) {
          triggered = true;
          await whileOpen();
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    } finally {
      clearTimeout(deadline);
      abort.abort();
    }
    return this.check(operationId, 200, { method: 'GET', url }, { status: res.status, contentType: res.headers.get('content-type') ?? '', body: text }, true);
  }

  /** The recorded exchanges, normalised, in a stable order. */
  exchanges(): RecordedExchange[] {
    return [...this.recorded.values()].sort((a, b) => exchangeKey(a).localeCompare(exchangeKey(b)));
  }

  /** Committed examples no request of this run produced (an operation or status gone). */
  staleExamples(): string[] {
    return this.committed.map(exchangeKey).filter((key) => !this.recorded.has(key));
  }

  /** Data, not code: `npm run contract` embeds them into openapi.json. */
  async writeExamples(file: string): Promise<void> {
    await writeFile(file, `${JSON.stringify(this.exchanges(), null, 2)}\n`);
  }

  private expectOperation(operationId: string, method: string, url: string): void {
    const found = this.operations.get(operationId);
    if (!found) throw new Error(`${operationId} is not an operation of the document`);
    const pattern = new RegExp(`^${found.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const path = url.split('?')[0]!;
    if (found.method.toUpperCase() !== method || !pattern.test(path))
      throw new Error(`${method} ${path} is not ${operationId} (${found.method.toUpperCase()} ${found.path})`);
  }

  private check(
    operationId: string,
    expectedStatus: number,
    request: { method: string; url: string; body?: unknown; variant?: string },
    response: { status: number; contentType: string; body: unknown },
    keep: boolean,
  ): Answer {
    const what = `${operationId}: ${request.method} ${request.url}`;
    if (response.status !== expectedStatus) {
      throw new Error(
        `${what} answered ${response.status}, expected ${expectedStatus}: ${Buffer.isBuffer(response.body) ? '(binary)' : JSON.stringify(response.body)}`,
      );
    }
    const operation = this.operations.get(operationId)!.operation;
    const problems = this.validator.problems(operation, response.status, response.contentType, response.body);
    if (problems.length)
      throw new Error(`${what} → ${response.status} does not match the document:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(response.body, null, 2)}`);
    this.exercised.add(operationId);
    if (keep) this.keep(what, operationId, request, response);
    return { status: response.status, contentType: response.contentType, body: response.body };
  }

  private keep(
    what: string,
    operationId: string,
    request: { method: string; url: string; body?: unknown; variant?: string },
    response: { status: number; contentType: string; body: unknown },
  ): void {
    const isStream = response.contentType.startsWith('text/event-stream');
    const exchange: RecordedExchange = {
      operationId,
      status: response.status,
      ...(request.variant ? { variant: request.variant } : {}),
      request: {
        method: request.method,
        url: this.normaliser.url(request.url),
        ...(request.body === undefined ? {} : { body: this.normaliseBody(request.body) }),
      },
      response: {
        contentType: response.contentType,
        body: isStream ? this.normaliser.eventStream(String(response.body)) : this.normaliser.value(response.body),
      },
    };
    const key = exchangeKey(exchange);
    if (this.recorded.has(key)) throw new Error(`${what}: an example for ${key} was already recorded; record each status once`);
    this.recorded.set(key, exchange);
    if (this.mode === 'write') return;
    const committed = this.committed.find((e) => exchangeKey(e) === key);
    if (!committed) throw new Error(`${what}: no committed example for ${key}; run \`npm run docs:examples\``);
    const differences = shapeDifferences(exchange.response.body, committed.response.body);
    if (differences.length)
      throw new Error(
        `${what}: the answer's shape differs from the committed example (run \`npm run docs:examples\` if intended):\n  ${differences.join('\n  ')}`,
      );
  }

  /** A request body as an example: normalised, and an oversized string (the 413 case) abridged. */
  private normaliseBody(body: unknown): unknown {
    let value = body;
    if (typeof body === 'string') {
      try {
        value = JSON.parse(body);
      } catch {
        value = body;
      }
    }
    return JSON.parse(JSON.stringify(this.normaliser.value(value)), (_key, v: unknown) =>
      typeof v === 'string' && v.length > 500 ? `${v.slice(0, 20)}… (${v.length} characters)` : v,
    );
  }
}
