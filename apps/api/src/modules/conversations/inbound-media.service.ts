import { Inject, Injectable } from '@nestjs/common';
import type { GraphClient } from '@sendbook/whatsapp';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { InboundService } from './inbound.service.js';

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** The bytes of an inbound message's media, as Meta served them just now. */
export interface InboundMediaFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Downloads the media of an inbound message on demand: media id → Graph API URL → bytes. Nothing
 * is stored; Meta keeps inbound media for about 7 days, after which the download fails.
 */
@Injectable()
export class InboundMediaService {
  constructor(
    private readonly inbound: InboundService,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    private readonly logger: JsonLogger,
  ) {}

  async download(inboundId: string): Promise<InboundMediaFile> {
    const message = await this.inbound.get(inboundId);
    const media = MEDIA_TYPES.has(message.type) ? message.raw[message.type] : undefined;
    const mediaId = isRecord(media) ? stringOrNull(media.id) : null;
    if (!isRecord(media) || mediaId === null) {
      throw new DomainError(ErrorCode.NoMedia, `inbound message is of type "${message.type}" and has no media to download`);
    }
    const result = await this.graph.downloadMediaById(mediaId, { phoneNumberId: message.phoneNumberId });
    if (result.outcome !== 'ok') {
      this.logger.event('warn', 'inbound.media_download_failed', { inbound_id: message.id, media_id: mediaId, result });
      const graphError = result.outcome === 'rejected' ? { code: result.error.code, message: result.error.message } : null;
      const why = result.outcome === 'rejected' ? `Meta answered HTTP ${result.httpStatus}${result.error.code === null ? '' : ` with error ${result.error.code}`}` : `${result.outcome}: ${result.reason}`;
      throw new DomainError(ErrorCode.MediaDownloadFailed, `could not download media ${mediaId} from WhatsApp (${why})`, {
        outcome: result.outcome,
        graph_error: graphError,
      });
    }
    const contentType = result.media.mimeType ?? result.contentType ?? stringOrNull(media.mime_type) ?? 'application/octet-stream';
    return { bytes: result.bytes, contentType };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
