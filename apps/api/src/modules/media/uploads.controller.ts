import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { MEDIA_MAX_BYTES, declaredMimeType } from '@sendbook/whatsapp';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import type { HttpReply, HttpRequest } from '../../common/http/http-types.js';
import { firstFilePart } from '../../common/http/multipart-body.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { int, object, oneOfValues, str } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { presentUpload } from './media.presenter.js';
import { MediaLimits, Upload } from './media.schemas.js';
import { MediaService } from './media.service.js';

export const UPLOAD_ROUTE = '/v1/uploads';

/** Room for the multipart framing around the largest file. */
const FRAMING_BYTES = 64 * 1024;

/** Files to send: uploaded once, checked against WhatsApp's limits, kept, then named by replies. */
@ApiTag(TAGS.conversations)
@Controller()
@Access('send', 'agent')
export class UploadsController {
  constructor(private readonly media: MediaService) {}

  @Post('v1/uploads')
  @HttpCode(201)
  @ApiOperation({
    id: 'uploadFile',
    summary: 'Upload a file to send',
    description:
      'One file as `multipart/form-data` (field `file`). Its type must be one WhatsApp takes and its size within that kind’s limit (`GET /v1/uploads/limits`): 5 MB for an image, 16 MB for video and audio, 100 MB for a document, 500 KB for a sticker. A file over its limit is cut off at the first byte past it and nothing is kept (`413`, naming the limit); a type WhatsApp does not take, or bytes that are not what the type says (a renamed file), is `400 unsupported_media`. The file is uploaded to Meta when a reply first names it.',
    rawBody: { schema: object({ file: str({ format: 'binary' }) }), contentType: 'multipart/form-data' },
    responses: {
      201: { description: 'Kept, ready to send.', body: Upload },
      400: {
        description: 'WhatsApp does not take this file.',
        body: object({ error: oneOfValues(['unsupported_media', 'validation_failed']), message: str() }, { open: true }),
      },
      413: {
        description: 'Over the limit of its kind.',
        body: object({ error: oneOfValues(['payload_too_large']), message: str(), kind: str(), max_bytes: int() }, { optional: ['kind', 'max_bytes'] }),
      },
    },
  })
  async upload(@Req() req: HttpRequest, @CurrentPrincipal() by: Principal) {
    const length = Number(req.headers['content-length'] ?? NaN);
    if (length > MEDIA_MAX_BYTES + FRAMING_BYTES) {
      throw new DomainError(
        ErrorCode.PayloadTooLarge,
        `no file WhatsApp takes is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`,
        {},
        { connection: 'close' },
      );
    }
    if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
      throw DomainError.validation([{ field: 'file', message: 'send the file as multipart/form-data in the field "file"' }]);
    }
    const part = await firstFilePart(req.raw, MEDIA_MAX_BYTES + 1).catch(() => null);
    if (!part) throw DomainError.validation([{ field: 'file', message: 'send the file as multipart/form-data in the field "file"' }]);
    const file = await this.media.upload({ body: part.body, mimeType: declaredMimeType(part.mimeType, part.filename), filename: part.filename }, actorOf(by));
    return presentUpload(file);
  }

  @Get('v1/uploads/limits')
  @ApiOperation({
    id: 'getUploadLimits',
    summary: 'What WhatsApp takes, by kind',
    description: 'So a client refuses a file before sending a byte of it.',
    responses: { 200: { description: 'The types and sizes.', body: MediaLimits } },
  })
  limits() {
    return { kinds: this.media.limits() };
  }

  @Get('v1/media/:id')
  @ApiOperation({
    id: 'downloadKeptFile',
    summary: 'A file Sendbook keeps',
    description:
      'The bytes of an upload or of a customer’s media kept when it arrived, with its type; served with `content-disposition: attachment`, `x-content-type-options: nosniff` and a sandbox CSP, as any file from outside is.',
    params: { id: 'file id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'The file, with its own media type.', body: str({ contentMediaType: 'application/octet-stream' }), contentType: '*/*' } },
  })
  async download(@Param('id') id: string, @Res() res: HttpReply): Promise<void> {
    const { file, body } = await this.media.open(id);
    res.status(200);
    res.header('content-type', file.mimeType ?? 'application/octet-stream');
    if (file.size !== null) res.header('content-length', String(file.size));
    // Kept bytes never change under an id: cached privately, revalidation unnecessary.
    res.header('cache-control', 'private, max-age=86400, immutable');
    res.header('x-content-type-options', 'nosniff');
    res.header('content-disposition', file.filename ? `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}` : 'attachment');
    res.header('content-security-policy', "sandbox; default-src 'none'");
    await res.send(body);
  }
}
