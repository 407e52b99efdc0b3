import type { IncomingMessage, ServerResponse } from 'node:http';
import { graphError, type GraphErrorAnswer } from '../graph/graph-error.js';
import { isMarkReadBody, markRead } from '../send/mark-read.js';
import { planDelivery } from '../send/delivery-plan.js';
import { sendMessage } from '../send/send-message.js';
import type { SimContext } from '../sim-context.js';
import type { RejectionCause } from '../state/records.js';
import { pageTemplates } from '../templates/template-pages.js';
import { BodyTooLarge, parseJson, readBody, sendJson } from './http-io.js';
import { handleMediaDownload, handleMediaInfo, MEDIA_DOWNLOAD_PATH } from './media-routes.js';
import { handlePhoneNumber } from './phone-number-route.js';
import { handleCreateTemplate, handleDeleteTemplate, handleEditTemplate } from './template-routes.js';
import { handleUpload } from './upload-route.js';

/**
 * The Graph API surface: `POST /{version}/{phone_number_id}/messages`, `POST /{version}/{phone_number_id}/media`, `GET|POST|DELETE /{version}/{waba_id}/message_templates`, `POST /{version}/{template_id}` (an edit),
 * `GET /{version}/{media_id}`, `GET /{version}/{phone_number_id}`; and the media download URL (lookaside's path, not counted as a Graph request).
 */
export async function handleGraph(ctx: SimContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (url.pathname === MEDIA_DOWNLOAD_PATH) return handleMediaDownload(ctx, req, res, url, authorised(req, url, ctx.config().accessToken));
  ctx.state.requestCount++;
  const [version = '', objectId = '', edge = '', ...rest] = url.pathname.split('/').filter(Boolean);
  const method = req.method ?? 'GET';
  const knownEdge =
    rest.length === 0 &&
    ((edge === 'messages' && method === 'POST') ||
      (edge === 'media' && method === 'POST') ||
      (edge === 'message_templates' && (method === 'GET' || method === 'POST' || method === 'DELETE')) ||
      (edge === '' && objectId !== '' && (method === 'GET' || method === 'POST')));
  if (!knownEdge) return answerError(res, graphError(100, `Unsupported ${method.toLowerCase()} request.`));
  // Every error answered on the send edge is a rejection worth recording, even before the body is read.
  const refuse = (error: GraphErrorAnswer): void => {
    if (edge === 'messages') recordRejection(ctx, objectId, null, error, 'graph_error', false);
    answerError(res, error);
  };
  if (!versionAccepted(version, ctx.config().apiVersion)) return refuse(graphError(2500, `Unknown path components: /${version}`));
  if (!authorised(req, url, ctx.config().accessToken)) return refuse(graphError(190));
  if (edge === 'messages') return handleSend(ctx, req, res, version, objectId);
  if (edge === 'media') return handleUpload(ctx, req, res, objectId);
  if (edge === '' && method === 'POST') return handleEditTemplate(ctx, req, res, objectId);
  if (edge === 'message_templates' && method !== 'GET') {
    if (!ctx.config().phoneNumbers.some((p) => p.wabaId === objectId)) return answerError(res, graphError(100, `Object with ID '${objectId}' does not exist.`));
    return method === 'POST' ? handleCreateTemplate(ctx, req, res, objectId) : handleDeleteTemplate(ctx, res, url);
  }
  if (edge === '') {
    const number = ctx.config().phoneNumbers.find((p) => p.id === objectId);
    return number ? handlePhoneNumber(res, url, number) : handleMediaInfo(ctx, res, url, objectId);
  }
  return handleTemplates(ctx, res, url, version, objectId);
}

function versionAccepted(version: string, accepted: string | RegExp): boolean {
  return typeof accepted === 'string' ? version === accepted : accepted.test(version);
}

/** `Authorization: Bearer <token>`, or Graph's `access_token` query parameter. */
function authorised(req: IncomingMessage, url: URL, accessToken: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1] ?? url.searchParams.get('access_token');
  return token === accessToken;
}

function answerError(res: ServerResponse, error: GraphErrorAnswer): void {
  sendJson(res, error.httpStatus, error.body);
}

function recordRejection(
  ctx: SimContext,
  phoneNumberId: string,
  to: string | null,
  error: GraphErrorAnswer,
  cause: RejectionCause,
  responseLost: boolean,
): void {
  ctx.state.rejections.push({
    at: ctx.clock.now(),
    phoneNumberId,
    to,
    code: error.code,
    httpStatus: error.httpStatus,
    details: error.details,
    cause,
    responseLost,
  });
}

async function handleSend(ctx: SimContext, req: IncomingMessage, res: ServerResponse, version: string, phoneNumberId: string): Promise<void> {
  let raw: string;
  try {
    raw = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) return answerError(res, graphError(100, 'Request body is too large.'));
    return;
  }
  const parsed = parseJson(raw);
  const record = (error: GraphErrorAnswer, to: string | null, cause: RejectionCause, responseLost: boolean): void =>
    recordRejection(ctx, phoneNumberId, to, error, cause, responseLost);
  if (!parsed.ok) {
    const error = graphError(100, 'Request body is not valid JSON.');
    record(error, null, 'graph_error', false);
    return answerError(res, error);
  }

  if (isMarkReadBody(parsed.value)) {
    const result = markRead(ctx, phoneNumberId, parsed.value);
    if (result.kind === 'ok') return sendJson(res, 200, result.body);
    record(result.error, null, 'graph_error', false);
    return answerError(res, result.error);
  }

  const plan = planDelivery(ctx.state.script.next(), ctx.config().chaos, ctx.chaosRng());
  if (plan.refuse) {
    const error = plan.refuse.kind === 'http_500' ? graphError(131000) : graphError(plan.refuse.code, plan.refuse.details);
    record(error, null, plan.refuse.kind === 'http_500' ? 'http_500' : 'scripted_error', false);
    if (plan.delayMs > 0) return void ctx.scheduler.after(plan.delayMs, () => answerError(res, error));
    return answerError(res, error);
  }

  const result = sendMessage(ctx, phoneNumberId, version, parsed.value);
  if (result.kind === 'rejected') record(result.error, result.to, 'graph_error', plan.loseResponse);
  else if (plan.loseResponse) result.message.responseLost = true;

  if (plan.loseResponse) {
    // The platform did the work; the client never hears about it.
    ctx.log(`send ${result.kind === 'accepted' ? result.message.wamid : 'rejected'}: response dropped on purpose`);
    req.socket.destroy();
    return;
  }
  const answer = (): void => (result.kind === 'accepted' ? sendJson(res, 200, result.body) : answerError(res, result.error));
  if (plan.delayMs > 0) ctx.scheduler.after(plan.delayMs, answer);
  else answer();
}

function handleTemplates(ctx: SimContext, res: ServerResponse, url: URL, version: string, wabaId: string): void {
  const config = ctx.config();
  if (!config.phoneNumbers.some((p) => p.wabaId === wabaId)) {
    return answerError(
      res,
      graphError(
        100,
        `Unsupported get request. Object with ID '${wabaId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      ),
    );
  }
  const params = url.searchParams;
  const limit = Number(params.get('limit') ?? '25');
  if (!Number.isInteger(limit) || limit < 1) return answerError(res, graphError(100, 'Param limit must be a positive integer.'));
  const filters = { name: params.get('name'), status: params.get('status'), category: params.get('category'), language: params.get('language') };
  const templates = config.templates.filter(
    (t) =>
      (!filters.name || t.name.includes(filters.name)) &&
      (!filters.status || filters.status.split(',').includes(t.status)) &&
      (!filters.category || filters.category.split(',').includes(t.category)) &&
      (!filters.language || t.language === filters.language),
  );
  const after = params.get('after') ?? undefined;
  const before = params.get('before') ?? undefined;
  const page = pageTemplates(templates, { limit, ...(after ? { after } : {}), ...(before ? { before } : {}) }, (cursor) => {
    const next = new URL(`${ctx.baseUrl()}/${version}/${wabaId}/message_templates`);
    for (const [key, value] of params) if (key !== 'after' && key !== 'before') next.searchParams.set(key, value);
    next.searchParams.set('limit', String(limit));
    if (cursor.after) next.searchParams.set('after', cursor.after);
    if (cursor.before) next.searchParams.set('before', cursor.before);
    return next.toString();
  });
  sendJson(res, 200, page);
}
