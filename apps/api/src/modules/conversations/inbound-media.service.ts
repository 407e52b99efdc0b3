import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { GraphClient } from '@sendbook/whatsapp';
import { Semaphore } from '../../common/batching/semaphore.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { MediaService } from '../media/media.service.js';
import type { InboundView } from './conversations.repository.js';
import { InboundService } from './inbound.service.js';

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** The media of an inbound message as Meta serves it just now, streaming. */
export interface InboundMediaFile {
  body: Readable;
  contentType: string;
  contentLength: number | null;
}

/**
 * The media of an inbound message: Sendbook's kept copy when the worker has downloaded it (see
 * InboundMediaKeeper), else from Meta now: media id → Graph API URL → bytes, streamed to the caller
 * as they arrive (never a whole 100 MiB video in memory). At most `mediaDownloads` Meta downloads
 * run at once per process, as many again wait; beyond that the answer is 503 at once. Meta keeps
 * inbound media about 7 days; the kept copy stays for MEDIA_RETENTION_DAYS.
 */
@Injectable()
export class InboundMediaService {
  private readonly slots: Semaphore;

  constructor(
    private readonly inbound: InboundService,
    private readonly media: MediaService,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.slots = new Semaphore(config.whatsapp.mediaDownloads);
  }

  /** The kept copy, else the file from Meta (holding a download slot until its body has been read, failed or was dropped). */
  async open(inboundId: string): Promise<InboundMediaFile> {
    const kept = (await this.media.inboundFiles([inboundId])).get(inboundId);
    if (kept?.state === 'kept') {
      const opened = await this.media.open(kept.id).catch(() => null);
      if (opened) return { body: opened.body, contentType: kept.mimeType ?? 'application/octet-stream', contentLength: kept.size };
    }
    return this.openFromMeta(inboundId);
  }

  private openFromMeta(inboundId: string): Promise<InboundMediaFile> {
    if (!this.slots.free && this.slots.queued >= this.config.whatsapp.mediaDownloads) {
      return Promise.reject(
        new DomainError(
          ErrorCode.Busy,
          `${this.config.whatsapp.mediaDownloads} media downloads are running and as many wait: try again in a moment`,
          { retry_after_seconds: 1 },
          { 'Retry-After': '1' },
        ),
      );
    }
    return new Promise<InboundMediaFile>((resolve, reject) => {
      this.slots
        .run(async () => {
          const file = await this.download(inboundId);
          resolve(file);
          await finished(file.body).catch(() => undefined);
        })
        .catch(reject);
    });
  }

  private async download(inboundId: string): Promise<InboundMediaFile> {
    return this.fromMeta(await this.inbound.get(inboundId));
  }

  /** The message's media as Meta serves it now (no download slot: the keeper bounds its own). */
  async fromMeta(message: InboundView): Promise<InboundMediaFile & { filename: string | null }> {
    const media = MEDIA_TYPES.has(message.type) ? message.raw[message.type] : undefined;
    const mediaId = isRecord(media) ? stringOrNull(media.id) : null;
    if (!isRecord(media) || mediaId === null) {
      throw new DomainError(ErrorCode.NoMedia, `inbound message is of type "${message.type}" and has no media to download`);
    }
    const result = await this.graph.downloadMediaById(mediaId, { phoneNumberId: message.phoneNumberId });
    if (result.outcome !== 'ok') {
      this.logger.event('warn', 'inbound.media_download_failed', { inbound_id: message.id, media_id: mediaId, result });
      const graphError = result.outcome === 'rejected' ? { code: result.error.code, message: result.error.message } : null;
      const why =
        result.outcome === 'rejected'
          ? `Meta answered HTTP ${result.httpStatus}${result.error.code === null ? '' : ` with error ${result.error.code}`}`
          : `${result.outcome}: ${result.reason}`;
      throw new DomainError(ErrorCode.MediaDownloadFailed, `could not download media ${mediaId} from WhatsApp (${why})`, {
        outcome: result.outcome,
        graph_error: graphError,
      });
    }
    // A body that fails part-way (too large, stalled) ends the answer short; the log says why.
    result.body.once('error', (error) =>
      this.logger.event('warn', 'inbound.media_stream_failed', { inbound_id: message.id, media_id: mediaId, error: String(error) }),
    );
    const contentType = result.media.mimeType ?? result.contentType ?? stringOrNull(media.mime_type) ?? 'application/octet-stream';
    return { body: result.body, contentType, contentLength: result.contentLength, filename: stringOrNull(media.filename) };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
