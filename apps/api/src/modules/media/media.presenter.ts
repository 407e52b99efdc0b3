import { kindOf } from './media-kind.js';
import type { MediaFileRow } from './media-files.repository.js';

export function presentUpload(file: MediaFileRow) {
  return {
    upload_id: file.id,
    kind: kindOf(file),
    mime_type: file.mimeType!,
    size: file.size!,
    filename: file.filename,
    sha256: file.sha256!,
    created_at: file.createdAt.toISOString(),
  };
}

export function presentKeptFile(file: MediaFileRow) {
  return { id: file.id, state: file.state, mime_type: file.mimeType, size: file.size, filename: file.filename, href: `/v1/media/${file.id}` };
}
