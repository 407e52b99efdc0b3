import { Injectable } from '@nestjs/common';
import { captionAllowed, declaredMimeType, mediaKindOf, type MediaKind } from '@sendbook/whatsapp';
import { DomainError } from '../../common/errors/domain-error.js';
import { kindOf } from '../media/media-kind.js';
import { MediaService } from '../media/media.service.js';
import type { ReplyMediaDto } from './dto/conversation.dto.js';

/**
 * The Cloud API message for a reply's file: an upload is sent by the media id Meta gives for it
 * (links break through Meta's proxy; an id does not), a link as a link.
 */
@Injectable()
export class ReplyMediaService {
  constructor(private readonly media: MediaService) {}

  /** Checks what can be checked without Meta (the file exists, the caption fits its kind). */
  async resolve(media: ReplyMediaDto): Promise<{ kind: MediaKind; build: (phoneNumberId: string) => Promise<Record<string, unknown>> }> {
    if (media.upload_id !== undefined) {
      const file = await this.media.find(media.upload_id).catch(() => {
        throw DomainError.validation([{ field: 'media.upload_id', message: 'names no file uploaded to this Sendbook (POST /v1/uploads)' }]);
      });
      if (file.origin !== 'upload' || file.state !== 'kept') {
        throw DomainError.validation([{ field: 'media.upload_id', message: 'names no file uploaded to this Sendbook (POST /v1/uploads)' }]);
      }
      const kind = kindOf(file);
      this.checkFields(kind, media);
      return {
        kind,
        build: async (phoneNumberId) => body(kind, { id: await this.media.metaMediaId(file, phoneNumberId) }, media, file.filename),
      };
    }
    const kind = mediaKindOf(declaredMimeType(null, new URL(media.link!).pathname));
    if (kind === null)
      throw DomainError.validation([{ field: 'media.link', message: 'must end in a file extension WhatsApp takes (.jpg, .pdf, .mp4, …); or upload the file' }]);
    this.checkFields(kind, media);
    return { kind, build: async () => body(kind, { link: media.link }, media, null) };
  }

  private checkFields(kind: MediaKind, media: ReplyMediaDto): void {
    if (media.caption !== undefined && !captionAllowed(kind)) {
      throw DomainError.validation([
        { field: 'media.caption', message: `WhatsApp shows no caption with ${kind === 'audio' ? 'audio' : 'a sticker'}: send the text as its own reply` },
      ]);
    }
    if (media.voice && kind !== 'audio') throw DomainError.validation([{ field: 'media.voice', message: 'only audio is a voice message' }]);
  }
}

function body(kind: MediaKind, source: { id?: string; link?: string }, media: ReplyMediaDto, uploadedName: string | null): Record<string, unknown> {
  const object: Record<string, unknown> = { ...source };
  if (media.caption !== undefined) object.caption = media.caption;
  if (kind === 'document') {
    const filename = media.filename ?? uploadedName;
    if (filename) object.filename = filename;
  }
  if (kind === 'audio' && media.voice) object.voice = true;
  return { type: kind, [kind]: object };
}
