import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import { checkMedia, contentMatchesType, MEDIA_MAX_BYTES } from '@sendbook/whatsapp';
import { newNumericId } from '../core/ids.js';
import { graphError, type GraphErrorAnswer } from '../graph/graph-error.js';
import type { SimContext } from '../sim-context.js';
import { sendJson } from './http-io.js';

interface UploadForm {
  fields: Map<string, string>;
  file: { filename: string | null; mimeType: string; bytes: Buffer } | null;
  /** The file went past the largest size Meta takes; its bytes were dropped. */
  truncated: boolean;
}

/**
 * `POST /{version}/{phone_number_id}/media` (multipart: `messaging_product`, `type`, `file`): checks
 * the type and size as Meta documents them and answers `{"id"}`, a media id sends may name and
 * `GET /{media_id}` describes, as Meta does for 30 days.
 */
export async function handleUpload(ctx: SimContext, req: IncomingMessage, res: ServerResponse, phoneNumberId: string): Promise<void> {
  const refuse = (error: GraphErrorAnswer) => sendJson(res, error.httpStatus, error.body);
  if (!ctx.config().phoneNumbers.some((p) => p.id === phoneNumberId)) return refuse(graphError(100, `Object with ID '${phoneNumberId}' does not exist.`));
  let form: UploadForm;
  try {
    form = await readForm(req);
  } catch {
    return refuse(graphError(100, 'Request body is not valid multipart/form-data.'));
  }
  if (form.fields.get('messaging_product') !== 'whatsapp') return refuse(graphError(100, "Param messaging_product must be 'whatsapp'."));
  if (!form.file) return refuse(graphError(100, 'Param file is required.'));
  const mimeType = form.fields.get('type') ?? form.file.mimeType;
  const size = form.truncated ? MEDIA_MAX_BYTES + 1 : form.file.bytes.length;
  const check = checkMedia({ mimeType, size });
  if (!check.ok) return refuse(check.reason === 'size' ? graphError(131053, check.message) : graphError(100, `Param file ${check.message}.`));
  if (!contentMatchesType(check.mimeType, form.file.bytes.subarray(0, 64))) return refuse(graphError(131053, `The file is not of type ${check.mimeType}.`));

  const id = newNumericId();
  const object = ctx.state.media.add(id, phoneNumberId, check.mimeType, form.file.bytes);
  ctx.state.uploads.push({
    at: ctx.clock.now(),
    id,
    phoneNumberId,
    mimeType: check.mimeType,
    filename: form.file.filename,
    size: form.file.bytes.length,
    sha256Hex: object.sha256Hex,
  });
  ctx.log(`upload ${id}: ${check.mimeType}, ${form.file.bytes.length} bytes (${createHash('sha256').update(form.file.bytes).digest('hex').slice(0, 12)}…)`);
  sendJson(res, 200, { id });
}

function readForm(req: IncomingMessage): Promise<UploadForm> {
  return new Promise((resolve, reject) => {
    const form: UploadForm = { fields: new Map(), file: null, truncated: false };
    const parser = new Busboy({ headers: req.headers as BusboyHeaders, limits: { files: 1, fileSize: MEDIA_MAX_BYTES, fields: 10 } });
    parser.on('field', (name: string, value: string) => form.fields.set(name, value));
    parser.on('file', (_field: string, stream: NodeJS.ReadableStream, filename: string, _encoding: string, mimeType: string) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (form.truncated = true));
      stream.on('end', () => (form.file = { filename: filename || null, mimeType, bytes: Buffer.concat(chunks) }));
    });
    parser.on('finish', () => resolve(form));
    parser.on('error', reject);
    req.pipe(parser);
  });
}
