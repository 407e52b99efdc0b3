import http from 'node:http';
import https from 'node:https';
import { buildMarkAsReadBody } from './build-message.js';
import { classifyFailedAnswer } from './failed-answer.js';
import { toGraphError } from './graph-error.js';
import type {
  GraphNotSent,
  GraphRejected,
  GraphResult,
  GraphUnknown,
  MediaUrl,
  PhoneNumberProfile,
  SendResult,
  TemplatePage,
  WaMessageTemplate,
} from './graph-results.js';
import { httpRequest, httpRequestStream, type HttpOutcome } from './http-request.js';
import { arr, idStr, int, isRecord, rec, records, str } from './json.js';
import { multipartUpload, type MediaUploadFile } from './media-upload.js';
import { DEFAULT_MEDIA_HOSTS, mediaUrlAllowed, type MediaContent, type MediaDownload } from './media-download.js';
import type { OutboundMessageBody } from './outbound-types.js';

export interface GraphClientOptions {
  /** e.g. "https://graph.facebook.com" (a path prefix is kept). */
  baseUrl: string;
  /** e.g. "v23.0" */
  apiVersion: string;
  accessToken: string;
  /** Whole request, until the response body is in. */
  timeoutMs?: number;
  /** Until a fresh socket is connected. */
  connectTimeoutMs?: number;
  maxSockets?: number;
  /** Idle pooled sockets are closed after this, before servers close them under us. */
  idleSocketTimeoutMs?: number;
  maxResponseBytes?: number;
  /**
   * Hosts media URLs may point to (https only); the base URL's own origin is always allowed.
   * The access token is sent nowhere else. Default: lookaside.fbsbx.com.
   */
  mediaHosts?: readonly string[];
  /** Largest media download (default 100 MiB, Meta's limit for documents). */
  maxMediaBytes?: number;
  /** Whole media download, until the last byte is in (default 60 s). */
  mediaTimeoutMs?: number;
}

type Failure = GraphRejected | GraphNotSent | GraphUnknown;

/** What `getPhoneNumber` asks Meta for. */
export const PHONE_NUMBER_FIELDS = [
  'id',
  'display_phone_number',
  'verified_name',
  'quality_rating',
  'throughput',
  'name_status',
  'whatsapp_business_manager_messaging_limit',
] as const;

/**
 * WhatsApp Cloud API client on node:http(s) with a keep-alive pool. Methods never throw: every
 * call resolves to an outcome, and a send says whether it was accepted, rejected, certainly not
 * sent, or possibly sent (`unknown`). The access token is never logged or returned.
 */
export class GraphClient {
  readonly #accessToken: string;
  readonly #agent: http.Agent;
  readonly #agentOptions: http.AgentOptions;
  /** For media URLs whose protocol differs from the base URL's; made on first use. */
  #otherAgent: http.Agent | undefined;
  readonly #base: URL;
  readonly #apiVersion: string;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #mediaHosts: readonly string[];
  readonly #maxMediaBytes: number;
  readonly #mediaTimeoutMs: number;

  constructor(options: GraphClientOptions) {
    this.#base = new URL(options.baseUrl);
    if (this.#base.protocol !== 'http:' && this.#base.protocol !== 'https:') {
      throw new TypeError('GraphClient baseUrl must be http(s)');
    }
    this.#apiVersion = options.apiVersion.replace(/^\/+|\/+$/g, '');
    this.#accessToken = options.accessToken;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.#maxResponseBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
    this.#mediaHosts = [...(options.mediaHosts ?? DEFAULT_MEDIA_HOSTS)];
    this.#maxMediaBytes = options.maxMediaBytes ?? 100 * 1024 * 1024;
    this.#mediaTimeoutMs = options.mediaTimeoutMs ?? 60_000;
    const agentOptions: http.AgentOptions = {
      keepAlive: true,
      maxSockets: options.maxSockets ?? 64,
      timeout: options.idleSocketTimeoutMs ?? 4_000,
      scheduling: 'lifo',
    };
    this.#agentOptions = agentOptions;
    this.#agent = this.#base.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  /**
   * POST /<phone_number_id>/messages. `beforeWrite`: awaited once a connected socket is ready, just
   * before the request is written (see `HttpRequestOptions.beforeWrite`); a rejection is `not_sent`.
   */
  async sendMessage(phoneNumberId: string, body: OutboundMessageBody, options: { beforeWrite?: () => Promise<void> } = {}): Promise<SendResult> {
    const outcome = await this.#request('POST', [phoneNumberId, 'messages'], {}, body, options.beforeWrite);
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const json = parseJson(outcome.body);
    const message = rec(arr(rec(json)?.messages)[0]);
    const wamid = message && str(message.id);
    if (!wamid) return unexpected(outcome.status, 'a 2xx without messages[0].id');
    const contact = rec(arr(rec(json)?.contacts)[0]);
    const result: SendResult = { outcome: 'accepted', wamid, httpStatus: outcome.status, raw: json };
    const waId = contact && idStr(contact.wa_id);
    if (waId) result.waId = waId;
    const userId = contact && str(contact.user_id);
    if (userId) result.userId = userId;
    const input = contact && str(contact.input);
    if (input) result.input = input;
    const messageStatus = str(message.message_status);
    if (messageStatus) result.messageStatus = messageStatus;
    return result;
  }

  /** Marks an inbound message (and all earlier ones in the thread) read, optionally showing "typing…". */
  async markAsRead(phoneNumberId: string, wamid: string, options: { typingIndicator?: boolean } = {}): Promise<GraphResult<{ success: boolean }>> {
    const outcome = await this.#request('POST', [phoneNumberId, 'messages'], {}, buildMarkAsReadBody(wamid, options));
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const success = rec(parseJson(outcome.body))?.success;
    if (typeof success !== 'boolean') return unexpected(outcome.status, 'a 2xx without "success"');
    return { outcome: 'ok', httpStatus: outcome.status, success };
  }

  /**
   * POST /<phone_number_id>/media: the file streamed as multipart, answered with the media id a send
   * names (`image.id`); Meta keeps an uploaded id 30 days. An upload may be repeated safely: the
   * worst case is a second id for the same bytes.
   */
  async uploadMedia(phoneNumberId: string, file: MediaUploadFile): Promise<GraphResult<{ id: string }>> {
    const body = multipartUpload(file);
    const outcome = await httpRequest({
      method: 'POST',
      url: this.#url([phoneNumberId, 'media'], {}),
      headers: { ...this.#headers(), 'content-type': body.contentType, 'content-length': String(body.length) },
      body: body.open,
      agent: this.#agent,
      timeoutMs: this.#mediaTimeoutMs,
      connectTimeoutMs: this.#connectTimeoutMs,
      maxResponseBytes: this.#maxResponseBytes,
    });
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const id = idStr(rec(parseJson(outcome.body))?.id);
    if (!id) return unexpected(outcome.status, 'a 2xx without "id"');
    return { outcome: 'ok', httpStatus: outcome.status, id };
  }

  /** One page of GET /<waba_id>/message_templates. */
  async listTemplates(wabaId: string, options: { after?: string; limit?: number; fields?: readonly string[] } = {}): Promise<GraphResult<TemplatePage>> {
    const query: Record<string, string> = {};
    if (options.limit !== undefined) query.limit = String(options.limit);
    if (options.fields !== undefined) query.fields = options.fields.join(',');
    if (options.after !== undefined) query.after = options.after;
    const outcome = await this.#request('GET', [wabaId, 'message_templates'], query);
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const json = rec(parseJson(outcome.body));
    if (!json || !Array.isArray(json.data)) return unexpected(outcome.status, 'a 2xx without a "data" array');
    const after = nextCursor(json.paging);
    return {
      outcome: 'ok',
      httpStatus: outcome.status,
      data: records(json.data).map(toTemplate),
      paging: after === undefined ? {} : { after },
    };
  }

  /** Every template of a WABA, following the paging cursors. Stops on the first failed page. */
  async listAllTemplates(
    wabaId: string,
    options: { limit?: number; fields?: readonly string[]; maxPages?: number } = {},
  ): Promise<GraphResult<{ data: WaMessageTemplate[] }>> {
    const data: WaMessageTemplate[] = [];
    const seen = new Set<string>();
    const maxPages = options.maxPages ?? 1000;
    let after: string | undefined;
    let httpStatus = 200;
    for (let page = 0; page < maxPages; page++) {
      const result = await this.listTemplates(wabaId, { ...options, after });
      if (result.outcome !== 'ok') return result;
      httpStatus = result.httpStatus;
      data.push(...result.data);
      after = result.paging.after;
      // A repeated cursor would loop forever; treat it as the end.
      if (after === undefined || seen.has(after)) break;
      seen.add(after);
    }
    return { outcome: 'ok', httpStatus, data };
  }

  /**
   * POST /<waba_id>/message_templates: submits a template for review. Meta answers its id, the
   * status it starts in (PENDING, or APPROVED for some) and the category it settled on.
   */
  async createTemplate(wabaId: string, template: Record<string, unknown>): Promise<GraphResult<{ id: string; status: string; category: string | undefined }>> {
    const outcome = await this.#request('POST', [wabaId, 'message_templates'], {}, template);
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const json = rec(parseJson(outcome.body));
    const id = idStr(json?.id);
    const status = str(json?.status);
    if (!id || !status) return unexpected(outcome.status, 'a 2xx without "id" and "status"');
    return { outcome: 'ok', httpStatus: outcome.status, id, status, category: str(json?.category) ?? undefined };
  }

  /** POST /<template_id>: edits a template's components or category (Meta reviews it again). */
  async editTemplate(templateId: string, change: Record<string, unknown>): Promise<GraphResult<{ success: boolean }>> {
    return this.#success('POST', [templateId], {}, change);
  }

  /** DELETE /<waba_id>/message_templates?name=[&hsm_id=]: every language of the name, or only the one with that id. */
  async deleteTemplate(wabaId: string, name: string, hsmId?: string): Promise<GraphResult<{ success: boolean }>> {
    return this.#success('DELETE', [wabaId, 'message_templates'], { name, ...(hsmId ? { hsm_id: hsmId } : {}) });
  }

  async #success(method: 'POST' | 'DELETE', segments: string[], query: Record<string, string>, body?: unknown): Promise<GraphResult<{ success: boolean }>> {
    const outcome = await this.#request(method, segments, query, body);
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const success = rec(parseJson(outcome.body))?.success;
    if (typeof success !== 'boolean') return unexpected(outcome.status, 'a 2xx without "success"');
    return { outcome: 'ok', httpStatus: outcome.status, success };
  }

  /** GET /<phone_number_id>: its display number, verified name, quality rating, throughput level and the portfolio's messaging limit. */
  async getPhoneNumber(phoneNumberId: string): Promise<GraphResult<PhoneNumberProfile>> {
    const outcome = await this.#request('GET', [phoneNumberId], { fields: PHONE_NUMBER_FIELDS.join(',') });
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const json = rec(parseJson(outcome.body));
    if (!json) return unexpected(outcome.status, 'a 2xx that is not a JSON object');
    return {
      outcome: 'ok',
      httpStatus: outcome.status,
      id: idStr(json.id) ?? phoneNumberId,
      displayPhoneNumber: str(json.display_phone_number),
      verifiedName: str(json.verified_name),
      qualityRating: str(json.quality_rating),
      throughputLevel: str(rec(json.throughput)?.level),
      nameStatus: str(json.name_status),
      messagingLimit: str(json.whatsapp_business_manager_messaging_limit),
    };
  }

  /** GET /<media_id>: the short-lived download URL of a media object. */
  async getMediaUrl(mediaId: string, options: { phoneNumberId?: string } = {}): Promise<GraphResult<MediaUrl>> {
    const query: Record<string, string> = {};
    if (options.phoneNumberId !== undefined) query.phone_number_id = options.phoneNumberId;
    const outcome = await this.#request('GET', [mediaId], query);
    if (outcome.kind !== 'response') return failureOf(outcome);
    if (!isSuccess(outcome.status)) return errorOf(outcome);
    const json = rec(parseJson(outcome.body));
    const url = json && str(json.url);
    if (!json || !url) return unexpected(outcome.status, 'a 2xx without "url"');
    return {
      outcome: 'ok',
      httpStatus: outcome.status,
      id: idStr(json.id) ?? mediaId,
      url,
      mimeType: str(json.mime_type),
      sha256: str(json.sha256),
      fileSize: int(json.file_size),
    };
  }

  /**
   * GET <url> with the access token: the bytes of a media object. Only to the base URL's origin or
   * an https media host (see `mediaHosts`); any other URL is refused as `not_sent` without a
   * request. Redirects are not followed (they would carry the token elsewhere).
   */
  async downloadMedia(url: string): Promise<GraphResult<MediaDownload>> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { outcome: 'not_sent', reason: 'media URL is not a valid URL' };
    }
    if (!mediaUrlAllowed(target, this.#base, this.#mediaHosts)) {
      return { outcome: 'not_sent', reason: `media URL host not allowed: ${target.protocol}//${target.host}` };
    }
    const outcome = await httpRequestStream({
      method: 'GET',
      url: target,
      headers: { authorization: `Bearer ${this.#accessToken}`, accept: '*/*', 'user-agent': 'sendbook-whatsapp' },
      agent: this.#agentFor(target.protocol),
      timeoutMs: this.#mediaTimeoutMs,
      connectTimeoutMs: this.#connectTimeoutMs,
      maxResponseBytes: this.#maxMediaBytes,
    });
    if (outcome.kind === 'not_sent' || outcome.kind === 'unknown') return failureOf(outcome);
    if (outcome.kind === 'response') return errorOf({ ...outcome, body: outcome.body.toString('utf8') });
    const length = Number(outcome.headers['content-length']);
    return {
      outcome: 'ok',
      httpStatus: outcome.status,
      body: outcome.body,
      contentType: str(outcome.headers['content-type']),
      contentLength: Number.isSafeInteger(length) && length >= 0 ? length : null,
    };
  }

  /** Both steps: the short-lived URL of `mediaId`, then its bytes. Stops at the first failure. */
  async downloadMediaById(mediaId: string, options: { phoneNumberId?: string } = {}): Promise<GraphResult<MediaContent>> {
    const found = await this.getMediaUrl(mediaId, options);
    if (found.outcome !== 'ok') return found;
    const { outcome: _outcome, httpStatus: _status, ...media } = found;
    const download = await this.downloadMedia(media.url);
    if (download.outcome !== 'ok') return download;
    return { ...download, media };
  }

  /** Closes pooled sockets. */
  close(): void {
    this.#agent.destroy();
    this.#otherAgent?.destroy();
  }

  #agentFor(protocol: string): http.Agent {
    if (protocol === this.#base.protocol) return this.#agent;
    this.#otherAgent ??= protocol === 'https:' ? new https.Agent(this.#agentOptions) : new http.Agent(this.#agentOptions);
    return this.#otherAgent;
  }

  #url(segments: readonly string[], query: Record<string, string>): URL {
    const url = new URL(this.#base.href);
    const prefix = url.pathname.replace(/\/+$/, '');
    const parts = [this.#apiVersion, ...segments].filter((part) => part !== '').map(encodeURIComponent);
    url.pathname = `${prefix}/${parts.join('/')}`;
    url.search = '';
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  #headers(): Record<string, string> {
    return { authorization: `Bearer ${this.#accessToken}`, accept: 'application/json', 'user-agent': 'sendbook-whatsapp' };
  }

  #request(
    method: 'GET' | 'POST' | 'DELETE',
    segments: readonly string[],
    query: Record<string, string>,
    body?: unknown,
    beforeWrite?: () => Promise<void>,
  ): Promise<HttpOutcome> {
    const headers = this.#headers();
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return httpRequest({
      method,
      url: this.#url(segments, query),
      headers,
      body: payload,
      agent: this.#agent,
      timeoutMs: this.#timeoutMs,
      connectTimeoutMs: this.#connectTimeoutMs,
      maxResponseBytes: this.#maxResponseBytes,
      ...(beforeWrite ? { beforeWrite } : {}),
    });
  }
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failureOf(outcome: Extract<HttpOutcome, { kind: 'not_sent' | 'unknown' }>): GraphNotSent | GraphUnknown {
  return outcome.kind === 'not_sent' ? { outcome: 'not_sent', reason: outcome.reason } : { outcome: 'unknown', reason: outcome.reason };
}

function unexpected(httpStatus: number, what: string): GraphUnknown {
  return { outcome: 'unknown', reason: `unrecognised response: ${what}`, httpStatus };
}

/** A non-2xx answer: Meta's own refusal is a rejection; anything else may have reached Meta (see classifyFailedAnswer). */
function errorOf(outcome: Extract<HttpOutcome, { kind: 'response' }>): Failure {
  const json = parseJson(outcome.body);
  const graphError = isRecord(json) && isRecord(json.error);
  if (classifyFailedAnswer(outcome.status, graphError) === 'rejected') {
    return { outcome: 'rejected', httpStatus: outcome.status, error: toGraphError(json) };
  }
  return unexpected(outcome.status, `HTTP ${outcome.status} ${graphError ? 'that is no verdict of Meta' : 'without a Graph error body'}`);
}

// Graph paging: `next` is present only when there is another page; its cursor is
// paging.cursors.after (or, failing that, the `after` parameter of the `next` URL).
function nextCursor(paging: unknown): string | undefined {
  const object = rec(paging);
  const next = object && str(object.next);
  if (!object || !next) return undefined;
  const cursor = str(rec(object.cursors)?.after);
  if (cursor) return cursor;
  try {
    return new URL(next).searchParams.get('after') ?? undefined;
  } catch {
    return undefined;
  }
}

function toTemplate(raw: Record<string, unknown>): WaMessageTemplate {
  return {
    ...raw,
    id: idStr(raw.id) ?? '',
    name: str(raw.name) ?? '',
    language: str(raw.language) ?? '',
    status: str(raw.status) ?? '',
    category: str(raw.category) ?? '',
    components: arr(raw.components),
  };
}
