import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { checkMedia, limitWords, MEDIA_LIMITS, type GraphClient, type MediaKind } from '@sendbook/whatsapp';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { IntakeRefused, MediaIntake } from './media-intake.js';
import { MEDIA_STORE, type MediaStore } from './media-store.js';
import { MediaFilesRepository, type MediaFileRow } from './media-files.repository.js';

/** A download claimed longer ago than this was dropped by its worker (it died): another may take it. */
const CLAIM_STALE_MS = 10 * 60_000;

/** Meta keeps an uploaded id 30 days; one a day younger than that is reused, older ones uploaded again. */
const META_ID_REUSE_MS = 29 * 86_400_000;

export interface IncomingFile {
  body: Readable;
  mimeType: string;
  filename: string | null;
}

/** A kept file with its bytes, to stream to whoever asked. */
export interface OpenedMediaFile {
  file: MediaFileRow;
  body: Readable;
}

/**
 * Sendbook's own copy of every file that goes through a conversation: agents' uploads (checked
 * against Meta's limits before a byte is kept) and customers' media (downloaded when it arrives).
 * The bytes are in the MediaStore; media_files says what they are.
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly files: MediaFilesRepository,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** What each kind takes, for clients to check a file before they send a byte of it. */
  limits() {
    return (Object.keys(MEDIA_LIMITS) as MediaKind[]).map((kind) => ({
      kind,
      mime_types: [...MEDIA_LIMITS[kind].mimeTypes],
      max_bytes: MEDIA_LIMITS[kind].maxBytes,
      caption: MEDIA_LIMITS[kind].caption,
    }));
  }

  /**
   * Keeps an agent's or integrator's file: refused at once when Meta would not take its type,
   * stopped at the first byte past its kind's limit (nothing kept), and refused when its first
   * bytes are not what its type says.
   */
  async upload(incoming: IncomingFile, createdBy: string): Promise<MediaFileRow> {
    const check = checkMedia({ mimeType: incoming.mimeType, size: 1 });
    if (!check.ok) {
      incoming.body.resume();
      throw new DomainError(ErrorCode.UnsupportedMedia, check.message, { limits: this.limits() });
    }
    const limit = MEDIA_LIMITS[check.kind].maxBytes;
    const intake = new MediaIntake(check.mimeType, limit, () => limitWords(check.kind));
    const id = randomUUID();
    // A client that goes away mid-file fails the write, as a refusal does.
    incoming.body.once('error', (error) => intake.destroy(error));
    try {
      await this.store.write(id, incoming.body.pipe(intake));
    } catch (error) {
      incoming.body.resume();
      if (error instanceof IntakeRefused) throw this.refusal(error, check.kind, limit);
      throw error;
    }
    if (intake.size === 0) {
      await this.store.remove(id);
      throw new DomainError(ErrorCode.UnsupportedMedia, 'the file is empty');
    }
    const now = this.clock.now();
    const file = { id, mimeType: check.mimeType, size: intake.size, sha256: intake.sha256, filename: cleanFilename(incoming.filename), createdBy };
    try {
      return await this.files.insertUpload(file, now, new Date(now.getTime() + this.config.media.retentionMs));
    } catch (error) {
      await this.store.remove(id);
      throw error;
    }
  }

  async find(id: string): Promise<MediaFileRow> {
    const file = await this.files.find(id);
    if (!file) throw DomainError.notFound('file');
    return file;
  }

  /** The file and its bytes; 404 when it is not kept (never was, failed, or past its retention). */
  async open(id: string): Promise<OpenedMediaFile> {
    const file = await this.find(id);
    const body = file.state === 'kept' ? await this.store.open(file.id) : null;
    if (!body) throw DomainError.notFound('file');
    return { file, body };
  }

  /**
   * The media id a send from `phoneNumberId` names for this file: one Meta gave in the last 29
   * days, else a fresh upload. A retried reply thus reuses the id and never uploads twice.
   */
  async metaMediaId(file: MediaFileRow, phoneNumberId: string): Promise<string> {
    const now = this.clock.now();
    const known = await this.files.recentMetaId(file.id, phoneNumberId, new Date(now.getTime() - META_ID_REUSE_MS));
    if (known) return known;
    if (file.state !== 'kept' || file.mimeType === null || file.size === null) throw DomainError.notFound('file');
    const result = await this.graph.uploadMedia(phoneNumberId, {
      mimeType: file.mimeType,
      filename: file.filename ?? `${file.id}`,
      size: file.size,
      open: () => this.openSync(file.id),
    });
    if (result.outcome !== 'ok') {
      const why =
        result.outcome === 'rejected'
          ? `Meta answered HTTP ${result.httpStatus}${result.error.code === null ? '' : ` with error ${result.error.code}`}: ${result.error.message}`
          : `${result.outcome}: ${result.reason}`;
      throw new DomainError(ErrorCode.MediaUploadFailed, `could not upload the file to WhatsApp (${why}); sending again retries the upload`, {
        outcome: result.outcome,
        graph_error: result.outcome === 'rejected' ? { code: result.error.code, message: result.error.message } : null,
      });
    }
    await this.files.insertMetaId(file.id, phoneNumberId, result.id, now);
    return result.id;
  }

  /** Inbound messages with media since `since` whose file nobody has claimed yet, oldest first. */
  inboundWithoutFile(since: Date, limit: number) {
    return this.files.inboundWithoutFile(since, limit);
  }

  /** Customers' media whose download failed and is due again. */
  inboundDue(now: Date, limit: number) {
    return this.files.inboundDue(now, limit);
  }

  /** The files sent under these Meta media ids from this number (for the thread). */
  sentFiles(phoneNumberId: string, metaIds: readonly string[]): Promise<Map<string, MediaFileRow>> {
    return this.files.findByMetaIds(phoneNumberId, metaIds);
  }

  /** The kept (or failed) files of these inbound messages, by inbound id. */
  async inboundFiles(inboundIds: readonly string[]): Promise<Map<string, MediaFileRow>> {
    return new Map((await this.files.findByInbound(inboundIds)).map((f) => [f.inboundMessageId!, f]));
  }

  /**
   * Keeps a customer's media once: claims it (nobody else is downloading it, it is not kept), then
   * writes what `download` gives to the store. A failure is retried at `retryAt` (null: never
   * again, e.g. Meta no longer has it). False when someone else holds the claim or it is kept.
   */
  async keepInbound(
    inboundId: string,
    download: () => Promise<{ body: Readable; mimeType: string; filename: string | null }>,
    retryAt: (attempt: number, error: unknown) => Date | null,
  ): Promise<'kept' | 'failed' | 'skipped'> {
    const now = this.clock.now();
    const claimed = await this.files.claimInbound(
      inboundId,
      now,
      new Date(now.getTime() - CLAIM_STALE_MS),
      new Date(now.getTime() + this.config.media.retentionMs),
    );
    if (!claimed) return 'skipped';
    try {
      const file = await download();
      const intake = new MediaIntake('application/octet-stream', this.config.whatsapp.mediaMaxBytes, () => 'larger than MEDIA_MAX_BYTES');
      await this.store.write(claimed.id, file.body.pipe(intake));
      await this.files.markKept(claimed.id, { mimeType: file.mimeType, size: intake.size, sha256: intake.sha256, filename: cleanFilename(file.filename) });
      return 'kept';
    } catch (error) {
      await this.files.markFailed(claimed.id, error instanceof Error ? error.message : String(error), retryAt(claimed.attempts, error));
      return 'failed';
    }
  }

  private openSync(id: string): Readable {
    // The store opens asynchronously; the upload needs its stream when the request is written.
    const out = new PassThrough();
    this.store.open(id).then(
      (body) => (body ? body.pipe(out) : out.destroy(new Error(`file ${id} is not in the store`))),
      (error: Error) => out.destroy(error),
    );
    return out;
  }

  private refusal(error: IntakeRefused, kind: MediaKind, limit: number): DomainError {
    if (error.reason === 'size') return new DomainError(ErrorCode.PayloadTooLarge, error.message, { kind, max_bytes: limit });
    return new DomainError(ErrorCode.UnsupportedMedia, error.message);
  }
}

/** A name for a header and a download: no path, no control characters, at most 240 characters. */
export function cleanFilename(name: string | null): string | null {
  if (name === null) return null;
  const base = [...name.split(/[\\/]/).pop()!]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return base === '' ? null : base.slice(0, 240);
}
