import { mediaKindOf, type MediaKind } from '@sendbook/whatsapp';
import type { MediaFileRow } from './media-files.repository.js';

/** What a kept upload is sent as (its type was checked on the way in). */
export function kindOf(file: MediaFileRow): MediaKind {
  const kind = file.mimeType === null ? null : mediaKindOf(file.mimeType);
  if (kind === null) throw new Error(`file ${file.id} has no sendable type (${file.mimeType})`);
  return kind;
}
