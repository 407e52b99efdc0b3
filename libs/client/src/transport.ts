import { ROUTES } from './contract.js';
import { errorFromAnswer, SendbookError } from './errors.js';
import type { Answer, OperationId } from './operations.js';
import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDecision, type AttemptOutcome, type RetryPolicy } from './retry.js';

/** The part of the Fetch API the client uses: Node 20's global `fetch` fits, and so does a test double. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchAnswer>;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface FetchAnswer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface SendbookClientOptions {
  /** Where the API answers, e.g. `https://sendbook.example.com` or `http://localhost:3001`. */
  readonly baseUrl: string;
  /** An integrator API key (`Authorization: Bearer …`). */
  readonly apiKey: string;
  /** Per attempt: an answer not complete by then counts as a `timeout` (retried where safe). Default 30 s. */
  readonly timeoutMs?: number;
  /** Overrides of DEFAULT_RETRY_POLICY; `{maxAttempts: 1}` never retries. */
  readonly retry?: Partial<RetryPolicy>;
  /** Told before each retry: log it, count it. */
  readonly onRetry?: (retry: RetryNotice) => void;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  readonly fetch?: FetchLike;
  /** Extra headers on every request (a tracing id, say). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RetryNotice {
  readonly operation: OperationId;
  /** The attempt that failed (1 for the first). */
  readonly attempt: number;
  readonly delayMs: number;
  readonly error: SendbookError;
}

/** Per call. */
export interface CallOptions {
  /** Cancels the call, retries and waits included; the signal's reason is thrown. */
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

export interface CallInput {
  readonly path?: Readonly<Record<string, string>>;
  readonly query?: object;
  readonly body?: unknown;
  /** True only when repeating the request cannot do anything twice (see retry.ts). */
  readonly idempotent: boolean;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Requests by operation: the contract's route, JSON both ways, typed errors, retries where safe. */
export class Transport {
  private readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly fetch: FetchLike;

  constructor(private readonly options: SendbookClientOptions) {
    if (!options.baseUrl) throw new TypeError('SendbookClient: baseUrl is required');
    if (!options.apiKey) throw new TypeError('SendbookClient: apiKey is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const overrides = Object.entries(options.retry ?? {}).filter(([, value]) => value !== undefined);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...Object.fromEntries(overrides) };
    const fetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
    if (!fetch) throw new TypeError('SendbookClient: no global fetch (Node 18+), pass options.fetch');
    // Called on its own, never as a method of this object (a browser's fetch insists).
    this.fetch = (url, init) => fetch(url, init);
  }

  async call<O extends OperationId>(operation: O, input: CallInput, options: CallOptions = {}): Promise<Answer<O>> {
    const route = ROUTES[operation];
    const url = this.url(route.path, input.path, input.query);
    const headers: Record<string, string> = { ...this.options.headers, accept: 'application/json', authorization: `Bearer ${this.options.apiKey}` };
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(operation, { method: route.method, headers, body }, url, attempt, options);
      if (result.ok) return result.answer as Answer<O>;
      const { error, outcome } = result;
      const decision = outcome ? retryDecision({ idempotent: input.idempotent, attempt, outcome, policy: this.policy }) : null;
      if (!decision?.retry) throw error;
      this.options.onRetry?.({ operation, attempt, delayMs: decision.delayMs, error });
      await sleep(decision.delayMs, options.signal);
    }
  }

  private async attempt(
    operation: OperationId,
    init: FetchInit,
    url: string,
    attempt: number,
    options: CallOptions,
  ): Promise<{ ok: true; answer: unknown } | { ok: false; error: SendbookError; outcome: AttemptOutcome | null }> {
    options.signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const cancel = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      const response = await this.fetch(url, { ...init, signal: controller.signal });
      const text = await response.text();
      const retryAfter = response.headers.get('retry-after');
      const { parsed, json } = parse(text);
      if (response.status >= 200 && response.status < 300) {
        if (!json && text !== '') {
          // Not the API speaking (a captive portal, a misrouted proxy): nothing to retry.
          const error = new SendbookError({
            code: 'invalid_answer',
            message: `the answer (HTTP ${response.status}) is not JSON`,
            status: response.status,
            operation,
            body: text,
            attempts: attempt,
          });
          return { ok: false, error, outcome: null };
        }
        return { ok: true, answer: parsed };
      }
      const error = errorFromAnswer({ operation, status: response.status, body: parsed, retryAfterMs: retryAfterMs(retryAfter), attempts: attempt });
      return { ok: false, error, outcome: { kind: 'status', status: response.status, retryAfter } };
    } catch (cause) {
      // The caller's own cancellation is theirs: rethrown as it came, never retried.
      if (options.signal?.aborted) throw options.signal.reason ?? cause;
      if (timedOut) {
        const error = new SendbookError({
          code: 'timeout',
          message: `no answer within ${options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`,
          status: null,
          operation,
          attempts: attempt,
          cause,
        });
        return { ok: false, error, outcome: { kind: 'timeout' } };
      }
      const reason = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
      const error = new SendbookError({ code: 'network_error', message: reason, status: null, operation, attempts: attempt, cause });
      return { ok: false, error, outcome: { kind: 'network' } };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
  }

  private url(template: string, path: Readonly<Record<string, string>> = {}, query?: object): string {
    const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = path[name];
      if (typeof value !== 'string' || value === '') throw new TypeError(`SendbookClient: ${name} is required`);
      return encodeURIComponent(value);
    });
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
    }
    const search = params.toString();
    return `${this.baseUrl}${filled}${search ? `?${search}` : ''}`;
  }
}

function parse(text: string): { parsed: unknown; json: boolean } {
  if (text === '') return { parsed: undefined, json: false };
  try {
    return { parsed: JSON.parse(text) as unknown, json: true };
  } catch {
    return { parsed: text, json: false };
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
